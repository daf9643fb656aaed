/**
 * Given names and their short forms, one family per line: the formal name first, then the short
 * forms people are listed or known by. Two tokens are nicknames of each other when a line holds both.
 * Kept small on purpose: the most frequent English hypocorisms (Wiktionary, "Appendix:English given
 * names" and "Appendix:English diminutives"), Russian and Ukrainian diminutives (Wiktionary,
 * "Appendix:Russian given names"), and the common Spanish, Portuguese, Italian, German and French
 * short forms (the Wiktionary entries of each name). Spelling variants (Aleksandr / Alexander) need
 * no line: edit similarity finds them.
 */
export const NICKNAME_FAMILIES = `
abraham abe abram
albert bert bertie
alexander alex alec sandy sasha sashka shura sanya lex xander
aleksandr alex sasha sashka shura sanya
alexandra alex sasha sandra sandy lexie shura
aleksandra sasha shura sanya
alexei alex alyosha lyosha
aleksey alex alyosha lyosha
alfred alf alfie fred freddie
alfonso alfonsito poncho
andrew andy drew
andrei andrey andryusha andryukha
anatoly tolya tolik
anastasia nastya stacy stasya
anthony tony
antonio tony toni tonino
arthur art artie
barbara barb babs
benjamin ben benny benji
bernard bernie
boris borya
catherine cathy kate katie kat
charles charlie chuck chas chaz
christopher chris kit topher
christine chris chrissy tina
cynthia cindy
daniel dan danny
david dave davy
dmitry dima mitya dimka
dmitri dima mitya
deborah debbie deb
donald don donnie
dorothy dot dottie
douglas doug
edward ed eddie ted teddy ned
eduardo edu lalo
elizabeth liz lizzie beth betsy betty eliza libby lisa
ekaterina katya katia katerina katyusha
evgeny zhenya
evgeniy zhenya
yevgeny zhenya
yevgeniy zhenya
francisco paco pancho kiko curro
francis frank frankie fran
frederick fred freddie fritz
gabriel gabe
gennady gena
georgy zhora yura
gregory greg
grigory grisha
guadalupe lupe
guillermo memo guille
harold harry hal
henry hank harry hal
herbert herb bert
ignacio nacho
igor garik
ivan vanya
jacob jake jack
james jim jimmy jamie
jennifer jen jenny
jesus chucho chuy
john jack johnny jon
jonathan jon jonny
joseph joe joey
jose pepe chepe
josef sepp seppi
juan juancho
katherine kathy kate katie kat
kenneth ken kenny
konstantin kostya
lawrence larry
leonard leo len lenny
leonid lyonya lenya
lyudmila lyuda mila
margaret maggie meg peggy marge madge greta
maria masha manya mariya
mariya masha
matthew matt
michael mike mikey mick mickey
mikhail misha mishka
nadezhda nadya
natalia natasha
natalya natasha
nicholas nick nicky
nikolai kolya nikolay
nikolay kolya
oleksandr sasha
olga olya
patrick pat paddy
patricia pat patty trish
peter pete
pyotr petya
pavel pasha
philip phil
raymond ray
richard rick ricky dick rich
robert bob bobby rob robbie bert
ronald ron ronnie
rodrigo rodri
samuel sam sammy
sergei seryozha serezha
sergey seryozha serezha
stephen steve
steven steve
susan sue susie
svetlana sveta
tatiana tanya
tatyana tanya
theodore ted teddy theo
thomas tom tommy
timothy tim timmy
valentina valya
valery valera
vasily vasya
viktor vitya
victor vic
vladimir volodya vova vovka
volodymyr volodya vova
vyacheslav slava
walter walt wally
william bill billy will willie liam
yekaterina katya
yury yura
yuri yura
zachary zach zack
`;
