// The build's last step: records every built file's content hash for codeVersion (src/engine/code-version.ts).
import { writeFileHashes } from '../dist/engine/code-version.js';

await writeFileHashes();
