import { backup } from './backup.js';

// the compiled entry of `npm run backup -- FILE` (build/server/backup.js)
process.exitCode = await backup(process.env, process.argv.slice(2), (line) => console.log(line));
