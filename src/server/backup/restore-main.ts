import { restore } from './backup.js';

// the compiled entry of `npm run restore -- FILE` (build/server/restore.js)
process.exitCode = await restore(process.env, process.argv.slice(2), (line) => console.log(line));
