import { auditVerify } from './audit-verify.js';

// the compiled entry of `npm run audit:verify` (build/server/audit-verify.js)
process.exitCode = await auditVerify(process.env, (line) => console.log(line));
