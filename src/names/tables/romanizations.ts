/**
 * Romanizations of one East Asian name, one family per line: the spellings lists and passports use
 * for one Korean or Chinese syllable. Korean: Revised Romanization, McCune–Reischauer and the common
 * passport spellings (Wikipedia, "List of Korean surnames", its romanization columns; "McCune–
 * Reischauer", its syllable table). Chinese: pinyin, Wade–Giles and Cantonese spellings of the
 * most frequent surnames (Wikipedia, "List of common Chinese surnames", its romanization columns).
 * Spellings a letter apart need no line (edit similarity finds them); single letters none (initials).
 */
export const ROMANIZATION_FAMILIES = `
lee ri yi rhee
rim lim im
park pak bak
choi choe chwe
kim gim
jung chung jeong cheong
kang gang
cho jo
yoon yun
jang chang
shin sin
kwon gwon
ahn an
jeon jun chon chun
ko go koh
moon mun
yang ryang
son sohn
bae pae
baek paek paik
heo hur huh
yoo yu ryu
noh roh ro
ju joo chu
gu ku koo
eun un
jong jeong chong
sung song seong
young yong yeong
hyun hyon hyeon
chol cheol chul
kyung kyong gyeong
soo su
joon jun
seok sok suk
zhang chang cheung
chen chan tan
wang wong
huang wong hwang
zhou chou chow
wu ng woo
li lee lei
liu lau lao
zhao chao chiu
xu hsu hui tsui
sun suen
zhu chu
hu woo
guo kuo kwok
he ho
lin lam
luo lo law
zheng cheng
xie hsieh tse
deng teng tang
feng fung
cai tsai
jiang chiang
ye yeh yip
cao tsao tso
xi hsi
`;
