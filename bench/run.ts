/** `npm run bench`: every benchmark in turn (build first: `npm run build`, or npm start builds). */
import { benchAuth } from './auth.ts';
import { benchCompanyLoad } from './company-load.ts';
import { benchCompanySearch } from './company-search.ts';
import { benchCopilot } from './copilot.ts';
import { benchCredits } from './credits.ts';
import { benchFirstUse } from './first-use.ts';
import { benchKnowledge } from './knowledge.ts';
import { benchPeopleSearch } from './people-search.ts';
import { benchRfp } from './rfp.ts';
import { benchServer } from './server.ts';
import { benchSoak } from './soak.ts';
import { benchWebVitals } from './web-vitals.ts';

const which = process.argv[2];
const figures = [
  ...(which === undefined || which === 'server' ? await benchServer() : []),
  ...(which === undefined || which === 'first-use' ? await benchFirstUse() : []),
  ...(which === undefined || which === 'web-vitals' ? await benchWebVitals() : []),
  ...(which === undefined || which === 'auth' ? await benchAuth() : []),
  ...(which === undefined || which === 'credits' ? await benchCredits() : []),
  ...(which === undefined || which === 'company-load' ? await benchCompanyLoad() : []),
  ...(which === undefined || which === 'company-search' ? await benchCompanySearch() : []),
  ...(which === undefined || which === 'people-search' ? await benchPeopleSearch() : []),
  ...(which === undefined || which === 'copilot' ? await benchCopilot() : []),
  ...(which === undefined || which === 'knowledge' ? await benchKnowledge() : []),
  ...(which === undefined || which === 'rfp' ? await benchRfp() : []),
  ...(which === 'soak' ? await benchSoak() : []),
];
const missed = figures.filter((f) => !f.ok);
console.log(missed.length ? `\n${missed.length} target(s) missed.` : '\nAll targets met.');
