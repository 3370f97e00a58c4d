/**
 * The people of a synthetic company: a chief executive, a few other chiefs, then VPs, heads, directors,
 * managers and individual contributors spread over the departments the company's industry has, with titles
 * written the many ways real ones are ("VP of Sales", "Vice President, Sales", "Sr. Account Executive").
 * Seniority and department are not decided here: the generator reads them from the title with
 * classifyTitle, as it would for a real person. org-chart.test.ts checks that every title here reads as the
 * tier and department it is listed under.
 */
import type { Department } from '../../../../shared/people.ts';

/** A rank in the chart, highest first; 'ceo' and 'chief' are the executives. */
export type Tier = 'ceo' | 'chief' | 'vp' | 'head' | 'director' | 'manager' | 'senior' | 'entry' | 'intern';

/** The departments the generator staffs; 'other' is what a title naming none reads as. */
export type StaffedDepartment = Exclude<Department, 'other'>;

/** Titles of one department; `areas` fill the VP, head and director forms below. */
type DepartmentTitles = {
  areas?: readonly string[];
  chief?: readonly string[];
  vp?: readonly string[];
  head?: readonly string[];
  director?: readonly string[];
  manager?: readonly string[];
  senior?: readonly string[];
  entry?: readonly string[];
  intern?: readonly string[];
};

/** A list written as one comma-separated string, so the tables stay a few lines. */
const list = (text: string): readonly string[] => text.split(/\s*,\s*/);

/** How a VP, head or director of an area is written; the first forms are the most common. */
export const AREA_FORMS = {
  vp: [
    'VP of {}',
    'VP {}',
    'Vice President of {}',
    'Vice President, {}',
    'VP, {}',
    'SVP, {}',
    'Senior Vice President of {}',
    'EVP, {}',
    'V.P. {}',
  ],
  head: ['Head of {}', 'Head of {}', 'Global Head of {}', 'Head, {}'],
  director: [
    'Director of {}',
    '{} Director',
    'Director, {}',
    'Senior Director of {}',
    'Sr. Director, {}',
    'Associate Director, {}',
  ],
} as const satisfies Partial<Record<Tier, readonly string[]>>;

/**
 * Titles by department and tier. A title listed here must classify to its department and to its tier's
 * seniority (see TIER_SENIORITY); "Product Owner" and "Staff Accountant" name no rank, so they are entry.
 * Areas are written so that "{area} Director" reads well too.
 */
export const DEPARTMENT_TITLES: Record<StaffedDepartment, DepartmentTitles> = {
  executive: {
    chief: list('President, Chief Strategy Officer'),
    director: list('Chief of Staff'),
  },
  sales: {
    areas: list(
      'Sales, Global Sales, Enterprise Sales, Business Development, Partnerships, Sales Operations, ' +
        'North America Sales, Revenue Operations',
    ),
    chief: list('CRO, Chief Revenue Officer, Chief Sales Officer, Chief Commercial Officer'),
    vp: list('RVP Sales, Area Vice President of Sales'),
    director: list('Regional Sales Director, Account Director'),
    manager: list(
      'Sales Manager, Regional Sales Manager, Account Manager, Key Account Manager, Sales Team Lead, ' +
        'Inside Sales Manager, Channel Partner Manager',
    ),
    senior: list(
      'Senior Account Executive, Sr. Account Executive, Senior Sales Engineer, ' +
        'Principal Solutions Consultant, Senior Business Development Representative',
    ),
    entry: list(
      'Account Executive, Enterprise Account Executive, Sales Development Representative, SDR, ' +
        'Business Development Representative, BDR, Inside Sales Representative, Sales Representative, ' +
        'Solutions Engineer, Sales Associate',
    ),
    intern: list('Sales Intern'),
  },
  marketing: {
    areas: list(
      'Marketing, Growth, Demand Generation, Brand, Product Marketing, Communications, Digital Marketing',
    ),
    chief: list('CMO, Chief Marketing Officer'),
    manager: list(
      'Marketing Manager, Product Marketing Manager, Content Marketing Manager, Demand Generation Manager, ' +
        'Brand Manager, Social Media Manager, PMM, Events Manager',
    ),
    senior: list(
      'Senior Marketing Specialist, Senior Content Strategist, Sr. Growth Marketer, Senior Copywriter, ' +
        'Lead Marketing Analyst',
    ),
    entry: list(
      'Marketing Specialist, Marketing Coordinator, Content Marketing Specialist, Copywriter, ' +
        'SEO Specialist, Digital Marketing Specialist, Growth Marketer, Marketing Associate, ' +
        'Social Media Coordinator',
    ),
    intern: list('Marketing Intern'),
  },
  engineering: {
    areas: list('Engineering, Software Engineering, Platform Engineering, Quality Assurance'),
    chief: list('CTO, Chief Technology Officer'),
    manager: list(
      'Engineering Manager, Software Engineering Manager, Eng Manager, QA Manager, Backend Team Lead',
    ),
    senior: list(
      'Senior Software Engineer, Sr. Software Engineer, Staff Software Engineer, Principal Engineer, ' +
        'Lead Developer, Senior Backend Engineer, Senior Frontend Developer, Sr Full Stack Engineer, ' +
        'Software Architect, Senior DevOps Engineer, Tech Lead',
    ),
    entry: list(
      'Software Engineer, Software Developer, Frontend Developer, Backend Engineer, Full-Stack Developer, ' +
        'DevOps Engineer, QA Engineer, iOS Engineer, Android Developer, Junior Developer, ' +
        'Site Reliability Engineer, Embedded Software Engineer',
    ),
    intern: list('Software Engineering Intern, Engineering Intern'),
  },
  product: {
    areas: list('Product, Product Management'),
    chief: list('CPO, Chief Product Officer'),
    manager: list(
      'Product Manager, Senior Product Manager, Technical Product Manager, Group Product Manager, ' +
        'Associate Product Manager',
    ),
    senior: list('Senior Product Analyst, Lead Product Owner'),
    entry: list('Product Owner, Product Analyst, Product Operations Specialist'),
    intern: list('Product Management Intern'),
  },
  design: {
    areas: list('Design, Product Design, UX'),
    chief: list('Chief Design Officer'),
    director: list('Creative Director, Art Director'),
    manager: list('Design Manager, UX Manager'),
    senior: list('Senior Product Designer, Lead UX Designer, Senior UX/UI Designer, Principal Designer'),
    entry: list(
      'Product Designer, UX Designer, UI/UX Designer, Graphic Designer, Visual Designer, UX Researcher',
    ),
    intern: list('Design Intern'),
  },
  data: {
    areas: list('Data, Analytics, Data Science, Business Intelligence'),
    chief: list('CDO, Chief Data Officer'),
    manager: list('Data Science Manager, Analytics Manager, BI Manager'),
    senior: list(
      'Senior Data Scientist, Senior Data Engineer, Lead Data Analyst, Staff Machine Learning Engineer',
    ),
    entry: list('Data Analyst, Data Scientist, Data Engineer, Machine Learning Engineer, BI Analyst'),
    intern: list('Data Science Intern'),
  },
  security: {
    areas: list('Security, Information Security, Cybersecurity'),
    chief: list('CISO, Chief Information Security Officer, Chief Security Officer'),
    manager: list('Security Manager, Information Security Manager'),
    senior: list('Senior Security Engineer, Lead Security Analyst, Principal Security Architect'),
    entry: list(
      'Security Engineer, Security Analyst, Penetration Tester, Cybersecurity Analyst, ' +
        'Application Security Engineer',
    ),
  },
  information_technology: {
    areas: list('IT, Information Technology, IT Operations'),
    chief: list('CIO, Chief Information Officer'),
    manager: list('IT Manager, IT Service Desk Manager, Network Manager'),
    senior: list('Senior Systems Administrator, Senior Network Engineer, Lead IT Support Specialist'),
    entry: list(
      'IT Support Specialist, Systems Administrator, Network Engineer, Help Desk Technician, ' +
        'Database Administrator, IT Technician, Desktop Support Analyst',
    ),
  },
  customer_success: {
    areas: list('Customer Success, Customer Support, Customer Experience, Client Services'),
    chief: list('Chief Customer Officer'),
    manager: list(
      'Customer Success Manager, Customer Support Manager, Support Team Lead, Customer Service Manager, ' +
        'Implementation Manager',
    ),
    senior: list(
      'Senior Support Engineer, Senior Technical Support Specialist, Lead Implementation Specialist, ' +
        'Senior Customer Support Specialist',
    ),
    entry: list(
      'Customer Support Specialist, Customer Service Representative, Support Engineer, ' +
        'Technical Support Engineer, Customer Success Associate, Implementation Specialist, ' +
        'Customer Onboarding Specialist',
    ),
  },
  finance: {
    areas: list('Finance, Accounting, FP&A, Tax, Treasury'),
    chief: list('CFO, Chief Financial Officer'),
    manager: list('Finance Manager, Accounting Manager, Payroll Manager, Tax Manager, FP&A Manager'),
    senior: list('Senior Accountant, Senior Financial Analyst, Senior Tax Specialist, Lead Auditor'),
    entry: list(
      'Accountant, Financial Analyst, Staff Accountant, Accounts Payable Specialist, Bookkeeper, ' +
        'Billing Specialist, Payroll Specialist',
    ),
    intern: list('Finance Intern'),
  },
  human_resources: {
    areas: list('People, Human Resources, HR, Talent Acquisition, People Operations, Talent'),
    chief: list('CHRO, Chief People Officer, Chief Human Resources Officer'),
    manager: list('HR Manager, Recruiting Manager, Talent Acquisition Manager, People Operations Manager'),
    senior: list('Senior Recruiter, Senior Technical Recruiter, Senior HR Generalist'),
    entry: list(
      'Recruiter, Technical Recruiter, HR Generalist, Talent Acquisition Specialist, HR Coordinator, ' +
        'HR Business Partner, People Partner',
    ),
    intern: list('HR Intern'),
  },
  operations: {
    areas: list('Operations, Business Operations, Supply Chain, Procurement, Facilities, Logistics'),
    chief: list('COO, Chief Operating Officer'),
    manager: list(
      'Operations Manager, Office Manager, Project Manager, Program Manager, Supply Chain Manager, ' +
        'Procurement Manager, Logistics Manager, Facilities Manager',
    ),
    senior: list(
      'Senior Operations Analyst, Senior Business Analyst, Lead Buyer, Senior Project Coordinator',
    ),
    entry: list(
      'Operations Analyst, Business Analyst, Operations Coordinator, Project Coordinator, ' +
        'Executive Assistant, Executive Assistant to the CEO, Procurement Specialist, Buyer, ' +
        'Logistics Coordinator, Receptionist',
    ),
    intern: list('Operations Intern'),
  },
  legal: {
    areas: list('Legal, Compliance, Legal Affairs'),
    chief: list('Chief Legal Officer, CLO'),
    head: list('General Counsel'),
    manager: list('Legal Manager, Compliance Manager, Contracts Manager'),
    senior: list(
      'Senior Counsel, Senior Legal Counsel, Associate General Counsel, Senior Compliance Analyst',
    ),
    entry: list('Legal Counsel, Corporate Counsel, Paralegal, Compliance Analyst, Contracts Specialist'),
  },
  consulting: {
    areas: list('Consulting, Advisory, Consulting Services'),
    manager: list('Consulting Manager, Advisory Manager'),
    senior: list('Senior Consultant, Principal Consultant, Lead Consultant, Senior Advisor'),
    entry: list('Consultant, Associate Consultant, Business Consultant, Advisory Analyst'),
  },
  research: {
    areas: list('Research, R&D, Research & Development'),
    chief: list('Chief Scientific Officer'),
    manager: list('Research Manager, Lab Manager'),
    senior: list('Senior Research Scientist, Principal Scientist, Staff Scientist, Lead Researcher'),
    entry: list('Research Scientist, Research Associate, Scientist, Research Assistant, Lab Technician'),
    intern: list('Research Intern'),
  },
  education: {
    areas: list('Education, Academic Affairs, Curriculum'),
    manager: list('Education Manager, Academic Manager'),
    senior: list('Senior Lecturer, Lead Instructor, Senior Teacher'),
    entry: list('Teacher, Instructor, Lecturer, Tutor, Professor'),
  },
  medical: {
    areas: list('Medical Affairs, Nursing, Clinical Services'),
    chief: list('Chief Medical Officer, Chief Nursing Officer'),
    director: list('Medical Director'),
    manager: list('Nurse Manager, Clinic Manager'),
    senior: list('Senior Pharmacist, Lead Physiotherapist, Senior Staff Nurse'),
    entry: list(
      'Registered Nurse, Physician, Pharmacist, Physiotherapist, Dentist, Medical Assistant, Staff Nurse',
    ),
  },
};

/** The seniority classifyTitle gives each tier's titles ('ceo' titles vary: founder, owner or c_suite). */
export const TIER_SENIORITY = {
  chief: 'c_suite',
  vp: 'vp',
  head: 'head',
  director: 'director',
  manager: 'manager',
  senior: 'senior',
  entry: 'entry',
  intern: 'intern',
} as const;

/** Chief executives' titles: founders and owners run small companies, presidents large ones. */
export const CEO_TITLES = {
  small: list(
    'CEO, CEO, CEO, Founder & CEO, Founder & CEO, Co-Founder & CEO, Co-Founder and CEO, Founder, Owner',
  ),
  large: list(
    'CEO, CEO, Chief Executive Officer, Chief Executive Officer, President & CEO, President & CEO, ' +
      'President and Chief Executive Officer, Chairman & CEO, Group CEO',
  ),
} as const;

/** Countries where a company's chief executive is often its Managing Director. */
export const MANAGING_DIRECTOR_COUNTRIES = new Set(
  list('GB, IE, DE, AT, CH, NL, IN, AU, NZ, ZA, SG, HK, MY, NG, KE'),
);
