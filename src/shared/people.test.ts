import { describe, expect, it } from 'vitest';
import {
  classifyTitle,
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  type Department,
  normalizeTitle,
  SENIORITIES,
  SENIORITY_LABELS,
  type Seniority,
} from './people.ts';

/** Titles written differently that must be one title. */
const SAME_TITLES: readonly (readonly string[])[] = [
  [
    'VP Sales',
    'V.P. of Sales',
    'Vice-President, Sales',
    'Vice President of Sales',
    '  vice   PRESIDENT sales ',
  ],
  ['CISO', 'C.I.S.O.', 'Chief Information Security Officer', 'chief information-security officer'],
  ['Sr. Software Eng.', 'Senior Software Engineer', 'Snr Software Engr', 'sr software engineer'],
  ['SVP, Marketing', 'Senior Vice President of Marketing', 'Sr. VP Marketing'],
  ['EVP & GM', 'E.V.P. and G.M.', 'Executive Vice President and General Manager'],
  ['Dir. of Eng', 'Director of Engineering', 'Director, Engineering', 'Dir Engineering'],
  ['VP Eng', 'VP of Engineering', 'Vice President, Engineering'],
  ['Eng Mgr', 'Engineering Manager', 'Engineering Mgr.'],
  ['R&D Engineer', 'R & D Engineer', 'Research & Development Engineer', 'Research and Development Engineer'],
  ['SDR', 'Sales Development Rep', 'Sales Development Representative'],
  ['AE', 'Acct Exec', 'Account Executive', 'account executive'],
  ['CSM', 'Customer Success Mgr', 'Customer Success Manager'],
  ['Co-Founder & CEO', 'Cofounder and CEO', 'co-founder, chief executive officer', 'Co Founder / CEO'],
  ['HRBP', 'HR Business Partner', 'Human Resources Business Partner', 'Human Resource Business Partner'],
  ['Front-End Developer', 'Frontend Dev', 'front end developer'],
  ['Biz Dev Manager', 'Business Dev Manager', 'Business Development Manager'],
  ['Head of Ops', 'Head of Operations', 'head, operations'],
  ['PM', 'Product Manager', 'Product Mgr'],
  ['CTO', 'C.T.O.', 'Chief Technology Officer', 'chief-technology-officer'],
  ['IT Manager', 'I.T. Manager', 'Information Technology Manager'],
  ['Admin Assistant', 'Admin. Asst.', 'Administrative Assistant'],
  ['DevOps Engineer', 'Dev-Ops Engineer', 'Dev Ops Eng'],
  ['Directora de Ventas', 'DIRECTORA DE VENTAS', 'Directóra de Véntas'],
  ['Ingénieur Logiciel', 'ingenieur logiciel', 'ＩＮＧＥＮＩＥＵＲ ＬＯＧＩＣＩＥＬ'],
];

/** Single titles and their canonical form. */
const CANONICAL: readonly (readonly [string, string])[] = [
  ['VP Sales', 'vice president sales'],
  ['CISO', 'chief information security officer'],
  ['Sr. Software Eng.', 'senior software engineer'],
  ['Sr.Software Eng', 'senior software engineer'],
  ['Head of Growth', 'head growth'],
  ['CPO', 'chief product officer'],
  ['MD, Investment Banking', 'managing director investment banking'],
  ['FP&A Manager', 'financial planning analysis manager'],
  ['M&A Associate', 'mergers acquisitions associate'],
  ['L&D Lead', 'learning development lead'],
  ['QA/UX Lead', 'quality assurance user experience lead'],
  ['Jr. Acct Coord', 'junior account coordinator'],
  ['Sales Rep', 'sales representative'],
  ['Sr Dev', 'senior developer'],
  ['Software Dev Engineer', 'software development engineer'],
  ["Women's Health Nurse", 'womens health nurse'],
  ['VP/GM, EMEA', 'vice president general manager emea'],
  ['Software Engineer II', 'software engineer ii'],
  ['Geschäftsführer', 'geschaftsfuhrer'],
  ['Head of Go-To-Market', 'head go to market'],
  ['Executive Assistant to the CEO', 'executive assistant to chief executive officer'],
];

const TITLES: readonly (readonly [string, Seniority, Department])[] = [
  // C-suite: the department of the function a chief runs
  ['CEO', 'c_suite', 'executive'],
  ['Chief Executive Officer', 'c_suite', 'executive'],
  ['CFO', 'c_suite', 'finance'],
  ['CTO', 'c_suite', 'engineering'],
  ['CISO', 'c_suite', 'security'],
  ['CMO', 'c_suite', 'marketing'],
  ['COO', 'c_suite', 'operations'],
  ['CIO', 'c_suite', 'information_technology'],
  ['CRO', 'c_suite', 'sales'],
  ['Chief Product Officer', 'c_suite', 'product'],
  ['CHRO', 'c_suite', 'human_resources'],
  ['Chief People Officer', 'c_suite', 'human_resources'],
  ['Chief Data Officer', 'c_suite', 'data'],
  ['Chief Customer Officer', 'c_suite', 'customer_success'],
  ['Chief Strategy Officer', 'c_suite', 'executive'],
  ['President', 'c_suite', 'executive'],
  ['President & COO', 'c_suite', 'operations'],
  ['Executive Chairman', 'c_suite', 'executive'],
  ['Managing Director', 'c_suite', 'executive'],
  ['Chief of Staff', 'director', 'executive'],
  // Owners, founders, partners
  ['Owner', 'owner', 'executive'],
  ['Co-Owner, Marketing Agency', 'owner', 'marketing'],
  ['Founder', 'founder', 'executive'],
  ['Co-Founder & CEO', 'founder', 'executive'],
  ['Co-founder and CTO', 'founder', 'engineering'],
  ['Partner', 'partner', 'other'],
  ['Managing Partner', 'partner', 'executive'],
  ['Senior Partner, Corporate Law', 'partner', 'other'],
  ['HR Business Partner', 'entry', 'human_resources'],
  ['Partner Marketing Manager', 'manager', 'marketing'],
  ['Channel Partner Manager', 'manager', 'sales'],
  ['Product Owner', 'entry', 'product'],
  // VPs, heads, directors
  ['VP Sales', 'vp', 'sales'],
  ['Vice-President, Sales', 'vp', 'sales'],
  ['SVP Marketing', 'vp', 'marketing'],
  ['EVP, Customer Success', 'vp', 'customer_success'],
  ['AVP, Risk Management', 'vp', 'finance'],
  ['VP Eng', 'vp', 'engineering'],
  ['VP of People', 'vp', 'human_resources'],
  ['Vice President', 'vp', 'executive'],
  ['Head of Growth', 'head', 'marketing'],
  ['Head of Product', 'head', 'product'],
  ['Head of Talent Acquisition', 'head', 'human_resources'],
  ['General Counsel', 'head', 'legal'],
  ['Director of Engineering', 'director', 'engineering'],
  ['Sr. Director, Demand Gen', 'director', 'marketing'],
  ['Art Director', 'director', 'design'],
  ['Director of IT', 'director', 'information_technology'],
  ['Medical Director', 'director', 'medical'],
  ['Go-To-Market Director', 'director', 'marketing'],
  // Managers
  ['Engineering Manager', 'manager', 'engineering'],
  ['Account Manager', 'manager', 'sales'],
  ['Customer Success Manager', 'manager', 'customer_success'],
  ['Product Manager', 'manager', 'product'],
  ['Product Marketing Manager', 'manager', 'marketing'],
  ['IT Project Manager', 'manager', 'information_technology'],
  ['Office Manager', 'manager', 'operations'],
  ['General Manager', 'manager', 'executive'],
  ['Team Lead, Customer Support', 'manager', 'customer_success'],
  ['FP&A Manager', 'manager', 'finance'],
  ['Talent Acquisition Partner', 'entry', 'human_resources'],
  // Senior individual contributors
  ['Sr. Software Eng.', 'senior', 'engineering'],
  ['Staff Software Engineer', 'senior', 'engineering'],
  ['Principal Data Scientist', 'senior', 'data'],
  ['Lead UX Designer', 'senior', 'design'],
  ['Senior Account Executive', 'senior', 'sales'],
  ['Solutions Architect', 'senior', 'engineering'],
  ['Tech Lead', 'senior', 'engineering'],
  ['Senior Security Engineer', 'senior', 'security'],
  ['Associate General Counsel', 'senior', 'legal'],
  // Entry: no rank word
  ['Account Executive', 'entry', 'sales'],
  ['SDR', 'entry', 'sales'],
  ['BDR', 'entry', 'sales'],
  ['Software Engineer', 'entry', 'engineering'],
  ['Software Engineer II', 'entry', 'engineering'],
  ['Front-End Developer', 'entry', 'engineering'],
  ['Sales Engineer', 'entry', 'sales'],
  ['Software Sales Representative', 'entry', 'sales'],
  ['Medical Sales Rep', 'entry', 'sales'],
  ['Data Analyst', 'entry', 'data'],
  ['Financial Analyst', 'entry', 'finance'],
  ['Staff Accountant', 'entry', 'finance'],
  ['Technical Recruiter', 'entry', 'human_resources'],
  ['Registered Nurse', 'entry', 'medical'],
  ['High School Teacher', 'entry', 'education'],
  ['Paralegal', 'entry', 'legal'],
  ['Management Consultant', 'entry', 'consulting'],
  ['Research Scientist', 'entry', 'research'],
  ['IT Support Specialist', 'entry', 'information_technology'],
  ['Network Administrator', 'entry', 'information_technology'],
  ['Junior Graphic Designer', 'entry', 'design'],
  ['Lead Generation Specialist', 'entry', 'marketing'],
  ['Executive Assistant to the CEO', 'entry', 'operations'],
  ['Executive Assistant, Office of the CEO', 'entry', 'operations'],
  ['Supply Chain Analyst', 'entry', 'operations'],
  // Interns
  ['Intern', 'intern', 'other'],
  ['Marketing Intern', 'intern', 'marketing'],
  ['Software Engineering Intern', 'intern', 'engineering'],
  ['Summer Analyst', 'intern', 'other'],
  // Not English, or not a title: no crash, nothing guessed
  ['Directora de Ventas', 'entry', 'other'],
  ['Geschäftsführer', 'entry', 'other'],
  ['営業部長', 'entry', 'other'],
  ['Astronaut', 'entry', 'other'],
];

/** A reproducible stream of numbers in [0, 1). */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('normalizeTitle', () => {
  it.each(SAME_TITLES.map((titles) => [titles[0], titles] as const))(
    '"%s" is written several ways',
    (_, titles) => {
      const forms = new Set(titles.map(normalizeTitle));
      expect([...forms]).toHaveLength(1);
    },
  );

  it.each(CANONICAL)('"%s" -> "%s"', (title, canonical) => {
    expect(normalizeTitle(title)).toBe(canonical);
  });

  it('is idempotent on every title here', () => {
    const titles = [...SAME_TITLES.flat(), ...CANONICAL.map(([title]) => title), ...TITLES.map(([t]) => t)];
    for (const title of titles) {
      const once = normalizeTitle(title);
      expect(normalizeTitle(once), title).toBe(once);
    }
  });

  it('is idempotent on random mixes of abbreviations, rank words and punctuation', () => {
    const tokens = (
      'VP V.P. v p SVP EVP AVP Sr Sr. Snr Jr Mgr Dir Eng Engr Dev Ops Acct Exec Asst Assoc Coord Rep Admin ' +
      'CEO CTO CFO COO CMO CIO CISO CSO CRO CPO CHRO GM MD SDR BDR AE CSM PM QA HR IT R&D M&A FP&A UX UI ' +
      'front end back full stack e commerce dev ops human resource biz co founder of the and & , / - ' +
      'head director manager business lead team sales marketing security Ünïcödé'
    ).split(' ');
    const random = seededRandom(6);
    for (let n = 0; n < 2000; n++) {
      const length = 1 + Math.floor(random() * 6);
      const title = Array.from({ length }, () => tokens[Math.floor(random() * tokens.length)]).join(' ');
      const once = normalizeTitle(title);
      expect(normalizeTitle(once), title).toBe(once);
    }
  });

  it('gives an empty string for a title without words', () => {
    for (const title of ['', '   ', ' - / , ', 'of the', '&']) expect(normalizeTitle(title)).toBe('');
  });

  it('leaves words it does not know as they are, lower-cased and without accents', () => {
    expect(normalizeTitle('Señor Wrangler of Llamas')).toBe('senor wrangler llamas');
    expect(normalizeTitle('営業部長')).toBe('営業部長');
  });

  it('is not confused by words that are names of object properties', () => {
    expect(normalizeTitle('constructor toString __proto__')).toBe('constructor tostring proto');
  });
});

describe('classifyTitle', () => {
  it.each(TITLES)('"%s" is %s / %s', (title, seniority, department) => {
    expect(classifyTitle(title)).toEqual({ seniority, department });
  });

  it('reads a normalised title the same as the raw one', () => {
    for (const [title] of TITLES) expect(classifyTitle(normalizeTitle(title))).toEqual(classifyTitle(title));
  });

  it('takes an empty or unknown title as entry / other', () => {
    expect(classifyTitle('')).toEqual({ seniority: 'entry', department: 'other' });
    expect(classifyTitle('  ')).toEqual({ seniority: 'entry', department: 'other' });
    expect(classifyTitle('Galactic Overlord')).toEqual({ seniority: 'entry', department: 'other' });
  });
});

describe('labels', () => {
  it('label every seniority and department, in list order', () => {
    expect(Object.keys(SENIORITY_LABELS)).toEqual([...SENIORITIES]);
    expect(Object.keys(DEPARTMENT_LABELS)).toEqual([...DEPARTMENTS]);
  });
});
