/**
 * Soak (issue 22): SOAK_MINUTES (10) of mixed traffic from this process against the production server
 * (`node scripts/start.mjs`), once on PGlite (a new data directory) and once on PostgreSQL (a new database,
 * dropped after), or the one SOAK_DB names (pglite | postgres | both).
 *
 * SOAK_USERS (6) users, each signed up from an address of its own (the server trusts X-Forwarded-For here, as
 * behind a proxy), open the knowledge base (their demo library loads) and, once every library is indexed,
 * loop for the whole soak with a short pause between actions: company and people searches (a page, sometimes
 * the next), the copilot (analyze and chat messages), the knowledge chat, an upload of a small Markdown file
 * (the oldest of their uploads deleted after three), an RFP pasted, drafted in full, the job followed to its
 * end and the project deleted, charges (usage, an e-mail found, a demo credit package bought), the credit
 * account and ledger, and every SIGN_IN_EVERY_MS a sign-out and sign-in. Every request that searches or asks
 * the AI costs credits, so a 402 is an expected answer, as a 404 for a person with no e-mail to find.
 *
 * A target fails on any 5xx, network error or request left unanswered for REQUEST_TIMEOUT_MS, any answer the
 * request does not expect (a 4xx means the soak no longer exercises what it says), a failed upload or RFP
 * job, any health probe (`GET /api/health` every second) not answered 200 within 2 s, or RSS (the server
 * process and any it started) growing more than 20% from minute 2 to the last minute. The server's whole
 * output is kept in bench/results/soak-<database>.log; the lines of a failed request (its x-request-id) are
 * printed with it.
 */
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  type Answer,
  cookieClient,
  type Figure,
  healthProbe,
  ROOT,
  report,
  type StartedServer,
  sleep,
  startServer,
  stop,
  waitFor200,
} from './lib.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const TARGETS = (process.env.SOAK_DB ?? 'both').toLowerCase();
const USERS = Number(process.env.SOAK_USERS ?? 6);
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const PROBE_LIMIT_MS = 2000;
const RSS_GROWTH_LIMIT = 0.2;
/** A request this slow counts as a failure (no answer). */
const REQUEST_TIMEOUT_MS = 60_000;
/** The pause between one user's actions: a quick user, not a load generator. */
const THINK_MS = [100, 700] as const;
/** Sign-in limits: 30 per address in 5 minutes; one every 40 s from each user's address stays well under. */
const SIGN_IN_EVERY_MS = 40_000;
/** Building (when the sources changed) and loading the shared data on a new database take minutes. */
const START_TIMEOUT_MS = 15 * 60_000;
const LIBRARY_TIMEOUT_MS = 10 * 60_000;
const UPLOADS_KEPT = 3;
const PASSWORD = 'Soak harbour lantern 2026!';

const KINDS = [
  'set-up',
  'sign-in',
  'company search',
  'people search',
  'copilot',
  'knowledge chat',
  'upload',
  'rfp draft',
  'charge',
  'credits',
] as const;
type Kind = (typeof KINDS)[number];

const COPILOT_QUERIES = (
  JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/copilot-requests.json'), 'utf8')) as { q: string }[]
).map((entry) => entry.q);

const KNOWLEDGE_QUESTIONS = [
  'Describe your incident response procedures.',
  'Do you encrypt customer data at rest?',
  'How often are access reviews performed?',
  'Describe your backup and recovery process.',
  'Who is responsible for information security?',
  'How do you manage vendor risk?',
  'What is your password policy?',
  'How long do you retain customer data?',
];

const RFP_TEXT = [
  'Describe your incident response procedures.',
  'Do you encrypt customer data at rest and in transit?',
  'How often are user access reviews performed?',
  'Describe your backup and disaster recovery process.',
  'Who is responsible for information security in your organisation?',
  'How do you assess the security of your vendors?',
  'What password and multi-factor authentication rules apply to staff?',
  'How long do you retain customer data after the contract ends?',
  'Do you perform annual penetration tests?',
  'How are security patches applied to production systems?',
]
  .map((question, i) => `${i + 1}. ${question}`)
  .join('\n');

const PEOPLE_TITLES = ['CEO', 'VP Sales', 'Head of Security', 'CTO', 'Marketing Manager', 'Engineer'];
const COMPANY_WORDS = ['software', 'bank', 'health', 'energy', 'retail', 'cloud', 'insurance', 'logistics'];

type Tally = {
  requests: number;
  ok: number;
  expected4xx: number;
  unexpected: number;
  errors: number;
  ms: number[];
};

type Problem = { kind: Kind; request: string; status: string; body: string; log: string[] };

type User = {
  index: number;
  email: string;
  send: ReturnType<typeof cookieClient>;
  lastSignIn: number;
  copilotSession: string | null;
  uploads: string[];
  uploaded: number;
  rfps: number;
  people: string[];
};

type Facets = {
  industry: string[];
  country: string[];
  size: string[];
  seniority: string[];
  department: string[];
};

type Result = {
  database: 'pglite' | 'postgres';
  ok: boolean;
  figures: Figure[];
  summary: Record<string, unknown>;
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const json = <T>(answer: Answer | null): T | null => {
  if (!answer?.text) return null;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    return null;
  }
};

/** VmRSS of a process and all its descendants (start.mjs serves in its own process today; a spawned server would count too). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (id: number) => {
    try {
      kb += Number(readFileSync(`/proc/${id}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // the process ended between two reads
    }
  };
  visit(pid);
  return Math.round(kb / 1024);
}

/** The soak of one database: the server is started before and stopped after by the caller. */
class Soak {
  readonly tallies = new Map<Kind, Tally>(
    KINDS.map((kind) => [kind, { requests: 0, ok: 0, expected4xx: 0, unexpected: 0, errors: 0, ms: [] }]),
  );
  readonly errors: Problem[] = [];
  readonly unexpected: Problem[] = [];
  running = true;
  facets: Facets = { industry: [], country: [], size: [], seniority: [], department: [] };

  constructor(
    readonly database: string,
    readonly base: string,
    readonly logFile: string,
  ) {}

  /** One request of `kind`: counted by its answer; a 5xx, a network error or an answer not in `expect` is kept. */
  async call(
    user: User,
    kind: Kind,
    method: string,
    path: string,
    body: unknown,
    expect: number[],
  ): Promise<Answer | null> {
    const tally = this.tallies.get(kind) as Tally;
    tally.requests++;
    const request = `${method} ${path}`;
    let answer: Answer;
    try {
      answer = await user.send(method, path, body);
    } catch (error) {
      tally.errors++;
      const why = (error as Error).name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : '';
      this.keep(this.errors, { kind, request, status: 'network', body: why || `${error}`, log: [] });
      return null;
    }
    tally.ms.push(answer.ms);
    if (answer.status >= 500) {
      tally.errors++;
      this.keep(this.errors, this.problem(kind, request, answer));
    } else if (!expect.includes(answer.status)) {
      tally.unexpected++;
      this.keep(this.unexpected, this.problem(kind, request, answer));
    } else if (answer.status >= 400) {
      tally.expected4xx++;
    } else {
      tally.ok++;
    }
    return answer;
  }

  /** Work that failed behind a 2xx (a job or a document that failed): an error of `kind`. */
  failed(kind: Kind, request: string, why: string, jobId?: string | null) {
    (this.tallies.get(kind) as Tally).errors++;
    this.keep(this.errors, { kind, request, status: 'failed', body: why, log: jobId ? [jobId] : [] });
  }

  private problem(kind: Kind, request: string, answer: Answer): Problem {
    const requestId = answer.headers.get('x-request-id');
    return {
      kind,
      request,
      status: String(answer.status),
      body: answer.text.slice(0, 500),
      log: requestId ? [requestId] : [],
    };
  }

  /** The first ten of each list are kept (with their count in the tallies), enough to see what went wrong. */
  private keep(list: Problem[], problem: Problem) {
    if (list.length < 10) list.push(problem);
  }

  /** The server's log lines of each kept problem (by its request or job id, once the log is complete). */
  attachLogLines() {
    let log: string[] = [];
    try {
      log = readFileSync(this.logFile, 'utf8').split('\n');
    } catch {
      return;
    }
    for (const problem of [...this.errors, ...this.unexpected]) {
      const id = problem.log[0];
      problem.log = id ? log.filter((line) => line.includes(id)).slice(0, 5) : [];
    }
  }

  get totals() {
    let requests = 0;
    let errors = 0;
    let unexpected = 0;
    for (const tally of this.tallies.values()) {
      requests += tally.requests;
      errors += tally.errors;
      unexpected += tally.unexpected;
    }
    return { requests, errors, unexpected };
  }

  // ------------------------------------------------------------------------------------------------------
  // Set-up: the users, their demo libraries, the search vocabulary
  // ------------------------------------------------------------------------------------------------------

  async signUp(index: number): Promise<User> {
    const email = `soak-${this.database}-${index}-${process.pid}@example.com`;
    const user: User = {
      index,
      email,
      // Each user from an address of its own, as users behind a proxy: the per-address limits apply per user.
      send: cookieClient(this.base, {
        headers: { 'x-forwarded-for': `10.77.${process.pid % 250}.${index + 1}` },
        timeoutMs: REQUEST_TIMEOUT_MS,
      }),
      lastSignIn: performance.now() - (index * SIGN_IN_EVERY_MS) / USERS,
      copilotSession: null,
      uploads: [],
      uploaded: 0,
      rfps: 0,
      people: [],
    };
    const answer = await this.call(
      user,
      'set-up',
      'POST',
      '/api/auth/sign-up/email',
      { email, password: PASSWORD, name: `Soak User ${index + 1}` },
      [200],
    );
    if (answer?.status !== 200) throw new Error(`sign-up of ${email}: ${answer?.status} ${answer?.text}`);
    return user;
  }

  /** Opens the knowledge base (the demo library loads) and waits until its documents are processed. */
  async openKnowledgeBase(user: User, deadline: number): Promise<void> {
    await this.call(user, 'set-up', 'GET', '/api/v1/knowledge/demo', undefined, [200]);
    while (performance.now() < deadline) {
      const answer = await this.call(
        user,
        'set-up',
        'GET',
        '/api/v1/knowledge/documents?limit=100',
        undefined,
        [200],
      );
      const documents = json<{ documents: { status: string }[] }>(answer)?.documents ?? [];
      if (documents.length > 0 && documents.every((d) => d.status === 'indexed' || d.status === 'failed'))
        return;
      await sleep(1000);
    }
    throw new Error(`${user.email}'s demo library was not processed within ${LIBRARY_TIMEOUT_MS / 1000} s`);
  }

  async loadFacets(user: User): Promise<void> {
    type FacetList = { value: string }[];
    const values = (list: FacetList | undefined) => (list ?? []).map((f) => f.value).slice(0, 15);
    const companies = json<Record<string, FacetList>>(
      await this.call(user, 'set-up', 'GET', '/api/v1/companies/facets', undefined, [200]),
    );
    const people = json<Record<string, FacetList>>(
      await this.call(user, 'set-up', 'GET', '/api/v1/people/facets', undefined, [200]),
    );
    this.facets = {
      industry: values(companies?.industry),
      country: values(companies?.country),
      size: values(companies?.size),
      seniority: values(people?.seniority),
      department: values(people?.department),
    };
  }

  // ------------------------------------------------------------------------------------------------------
  // The actions of the traffic loop
  // ------------------------------------------------------------------------------------------------------

  async signIn(user: User) {
    user.lastSignIn = performance.now();
    await this.call(user, 'sign-in', 'POST', '/api/auth/sign-out', {}, [200]);
    await this.call(
      user,
      'sign-in',
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: PASSWORD },
      [200],
    );
    await this.call(user, 'sign-in', 'GET', '/api/auth/get-session', undefined, [200]);
  }

  async companySearch(user: User) {
    const { industry, country, size } = this.facets;
    const params = new URLSearchParams(
      pick([
        () => ({ q: pick(COMPANY_WORDS) }),
        () => ({ industry: pick(industry) }),
        () => ({ industry: pick(industry), country: pick(country) }),
        () => ({ q: pick(COMPANY_WORDS), size: pick(size) }),
        () => ({ country: pick(country), sort: 'name' }),
      ])(),
    );
    const answer = await this.call(
      user,
      'company search',
      'GET',
      `/api/v1/companies?${params}`,
      undefined,
      [200, 402],
    );
    const cursor = json<{ nextCursor: string | null }>(answer)?.nextCursor;
    if (cursor && Math.random() < 0.3) {
      params.set('cursor', cursor);
      await this.call(user, 'company search', 'GET', `/api/v1/companies?${params}`, undefined, [200, 402]);
    }
  }

  async peopleSearch(user: User) {
    const { seniority, department, industry } = this.facets;
    const params = new URLSearchParams(
      pick([
        () => ({ title: pick(PEOPLE_TITLES) }),
        () => ({ seniority: pick(seniority) }),
        () => ({ department: pick(department), industry: pick(industry) }),
        () => ({ q: pick(COMPANY_WORDS), seniority: pick(seniority) }),
      ])(),
    );
    const answer = await this.call(
      user,
      'people search',
      'GET',
      `/api/v1/people?${params}`,
      undefined,
      [200, 402],
    );
    const page = json<{ people: { id: string; hasEmail: boolean }[]; nextCursor: string | null }>(answer);
    const withEmail = (page?.people ?? []).filter((p) => p.hasEmail).map((p) => p.id);
    user.people = [...new Set([...withEmail, ...user.people])].slice(0, 30);
    if (page?.nextCursor && Math.random() < 0.3) {
      params.set('cursor', page.nextCursor);
      await this.call(user, 'people search', 'GET', `/api/v1/people?${params}`, undefined, [200, 402]);
    }
  }

  async copilot(user: User) {
    const query = pick(COPILOT_QUERIES);
    if (Math.random() < 0.5) {
      await this.call(user, 'copilot', 'POST', '/api/v1/copilot/analyze', { query }, [200, 402]);
      return;
    }
    const answer = await this.call(
      user,
      'copilot',
      'POST',
      '/api/v1/copilot/messages',
      { text: query, ...(user.copilotSession ? { sessionId: user.copilotSession } : {}) },
      [200, 402],
    );
    user.copilotSession = json<{ sessionId: string }>(answer)?.sessionId ?? user.copilotSession;
  }

  async knowledgeChat(user: User) {
    await this.call(
      user,
      'knowledge chat',
      'POST',
      '/api/v1/knowledge/chat',
      { query: pick(KNOWLEDGE_QUESTIONS) },
      [200, 402],
    );
  }

  /** A small Markdown note; after UPLOADS_KEPT, the oldest is checked (processed, not failed) and deleted. */
  async upload(user: User) {
    user.uploaded++;
    const name = `soak-note-${user.index + 1}-${user.uploaded}.md`;
    const text = [
      `# Account note ${user.uploaded}`,
      '',
      `Prepared by soak user ${user.index + 1} on ${new Date().toISOString()}.`,
      `${pick(KNOWLEDGE_QUESTIONS)} Our security team reviews access every quarter and encrypts data at rest with AES-256.`,
      'Backups run nightly and are restored in a test environment every month. Incidents are triaged within one hour.',
    ].join('\n');
    const form = new FormData();
    form.append('files', new Blob([text], { type: 'text/markdown' }), name);
    const answer = await this.call(
      user,
      'upload',
      'POST',
      '/api/v1/knowledge/documents',
      form,
      [200, 202, 402],
    );
    const result = json<{ results: { ok: boolean; error?: string; document?: { id: string } }[] }>(answer)
      ?.results[0];
    if (result?.document) user.uploads.push(result.document.id);
    else if (answer && answer.status < 300)
      this.failed('upload', `POST ${name}`, result?.error ?? answer.text);
    if (user.uploads.length <= UPLOADS_KEPT) return;
    const oldest = user.uploads.shift() as string;
    const path = `/api/v1/knowledge/documents/${oldest}`;
    const document = json<{ status: string; error: string | null; jobId: string | null }>(
      await this.call(user, 'upload', 'GET', path, undefined, [200]),
    );
    if (document?.status === 'failed')
      this.failed('upload', `GET ${path}`, `processing failed: ${document.error}`, document.jobId);
    await this.call(user, 'upload', 'DELETE', path, undefined, [204]);
  }

  /** An RFP pasted, "Draft all", the job followed to its end (even past the soak's end), the project deleted. */
  async rfpDraft(user: User) {
    user.rfps++;
    const created = await this.call(
      user,
      'rfp draft',
      'POST',
      '/api/v1/rfp/projects',
      { title: `Soak RFP ${user.index + 1}-${user.rfps}`, text: RFP_TEXT },
      [201],
    );
    const projectId = json<{ id: string }>(created)?.id;
    if (!projectId) return;
    const project = `/api/v1/rfp/projects/${projectId}`;
    const draft = await this.call(user, 'rfp draft', 'POST', `${project}/draft`, undefined, [202, 402, 409]);
    const jobId = draft?.status === 202 ? json<{ jobId: string }>(draft)?.jobId : undefined;
    const until = performance.now() + REQUEST_TIMEOUT_MS * 5;
    while (jobId && performance.now() < until) {
      await sleep(1000);
      const job = json<{ status: string; error: string | null }>(
        await this.call(user, 'rfp draft', 'GET', `/api/v1/jobs/${jobId}`, undefined, [200]),
      );
      if (job?.status === 'failed')
        this.failed('rfp draft', `job ${jobId}`, `draft failed: ${job.error}`, jobId);
      if (job?.status === 'succeeded' || job?.status === 'failed') break;
      if (performance.now() >= until)
        this.failed('rfp draft', `job ${jobId}`, 'draft not finished in 5 minutes');
    }
    await this.call(user, 'rfp draft', 'GET', project, undefined, [200]);
    await this.call(user, 'rfp draft', 'DELETE', project, undefined, [204]);
  }

  async charge(user: User) {
    const roll = Math.random();
    const person = user.people.length > 0 ? pick(user.people) : null;
    if (roll < 0.3 && person) {
      await this.call(user, 'charge', 'POST', `/api/v1/people/${person}/email`, undefined, [200, 402, 404]);
    } else if (roll < 0.45) {
      await this.call(
        user,
        'charge',
        'POST',
        '/api/v1/credits/purchases',
        { packageId: 'starter', idempotencyKey: `soak-${crypto.randomUUID()}` },
        [201],
      );
    } else {
      await this.call(
        user,
        'charge',
        'POST',
        '/api/v1/credits/usage',
        { activityType: 'export', quantity: 1, description: 'Soak export' },
        [201, 402],
      );
    }
  }

  async credits(user: User) {
    await this.call(user, 'credits', 'GET', '/api/v1/credits', undefined, [200]);
    await this.call(user, 'credits', 'GET', '/api/v1/credits/transactions?limit=20', undefined, [200]);
  }

  /** One user's loop until the soak ends: a sign-in when due, else an action drawn by weight, then a pause. */
  async loop(user: User) {
    const actions: [number, (user: User) => Promise<void>][] = [
      [20, (u) => this.companySearch(u)],
      [15, (u) => this.peopleSearch(u)],
      [18, (u) => this.copilot(u)],
      [15, (u) => this.knowledgeChat(u)],
      [5, (u) => this.upload(u)],
      [3, (u) => this.rfpDraft(u)],
      [10, (u) => this.charge(u)],
      [5, (u) => this.credits(u)],
    ];
    const total = actions.reduce((sum, [weight]) => sum + weight, 0);
    while (this.running) {
      if (performance.now() - user.lastSignIn >= SIGN_IN_EVERY_MS) {
        await this.signIn(user);
      } else {
        let roll = Math.random() * total;
        const action = actions.find(([weight]) => {
          roll -= weight;
          return roll < 0;
        });
        await (action ?? actions[0])?.[1](user);
      }
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  }
}

/** Creates a new PostgreSQL database for the run and drops it after; null when no server answers. */
async function withPostgresDatabase<T>(work: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`  PostgreSQL not reachable at ${ADMIN_URL}: ${(error as Error).message}`);
    return null;
  }
  const name = `soak_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function soakOne(database: 'pglite' | 'postgres', env: Record<string, string>): Promise<Result> {
  const logFile = join(ROOT, `bench/results/soak-${database}.log`);
  const log = createWriteStream(logFile);
  console.log(
    `\n${database}: starting the server (node scripts/start.mjs; it builds first if the sources changed)`,
  );
  const server: StartedServer = await startServer({ ...env, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
  server.child.stdout?.on('data', (chunk: Buffer) => log.write(chunk));
  server.child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
  const end = { exited: null as string | null, stopping: false };
  server.child.on('exit', (code, signal) => {
    if (!end.stopping) end.exited = `the server exited (${signal ?? `code ${code}`})`;
  });
  const soak = new Soak(database, server.base, logFile);
  let probe: ReturnType<typeof healthProbe> | null = null;
  const rss: number[] = [];
  let setupError: string | null = null;
  let setupSeconds = 0;
  try {
    const startedAt = performance.now();
    await waitFor200(`${server.base}/api/health/ready`, startedAt, START_TIMEOUT_MS).catch((error) => {
      throw new Error(`${(error as Error).message}\n${server.tail()}`);
    });
    console.log(
      `  ready in ${Math.round((performance.now() - startedAt) / 1000)} s; signing up ${USERS} users`,
    );
    probe = healthProbe(server.base, { limitMs: PROBE_LIMIT_MS });

    const setupAt = performance.now();
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) users.push(await soak.signUp(i));
    await soak.loadFacets(users[0] as User);
    const libraryDeadline = performance.now() + LIBRARY_TIMEOUT_MS;
    await Promise.all(users.map((user) => soak.openKnowledgeBase(user, libraryDeadline)));
    setupSeconds = Math.round((performance.now() - setupAt) / 1000);
    console.log(`  ${USERS} demo libraries processed in ${setupSeconds} s; soaking for ${MINUTES} min`);

    const soakAt = performance.now();
    const setupRequests = soak.totals.requests;
    const pid = server.child.pid ?? 0;
    rss.push(treeRssMb(pid));
    console.log(`  minute 0: RSS ${rss[0]} MB`);
    const loops = users.map((user) => soak.loop(user));
    for (let minute = 1; minute <= MINUTES && !end.exited; minute++) {
      while (performance.now() < soakAt + minute * 60_000 && !end.exited) await sleep(250);
      if (end.exited) break;
      rss.push(treeRssMb(pid));
      const { requests, errors, unexpected } = soak.totals;
      const soaked = requests - setupRequests;
      const seconds = (performance.now() - soakAt) / 1000;
      console.log(
        `  minute ${minute}: RSS ${rss[minute]} MB, ${soaked} requests (${(soaked / seconds).toFixed(1)}/s), ${errors} errors, ${unexpected} unexpected, ${probe.state.freezes.length} freezes, worst health wait ${Math.round(probe.state.worstMs)} ms`,
      );
    }
    soak.running = false;
    await Promise.all(loops);
  } catch (error) {
    setupError = `${error}`;
  } finally {
    soak.running = false;
    await probe?.stop();
    end.stopping = true;
    await stop(server.child);
    await new Promise((resolve) => log.end(resolve));
  }
  soak.attachLogLines();
  return summarise(database, soak, probe?.state ?? null, rss, setupSeconds, setupError ?? end.exited);
}

function summarise(
  database: 'pglite' | 'postgres',
  soak: Soak,
  probe: ReturnType<typeof healthProbe>['state'] | null,
  rss: number[],
  setupSeconds: number,
  fatal: string | null,
): Result {
  console.log(`\nsoak on ${database}: ${MINUTES} min, ${USERS} users (set-up ${setupSeconds} s before)`);
  const header = [
    'kind',
    'requests',
    '2xx',
    '4xx expected',
    'unexpected',
    'failed',
    'p50 ms',
    'p95 ms',
    'max ms',
  ];
  const rows = [...soak.tallies].map(([kind, t]) => {
    const sorted = [...t.ms].sort((a, b) => a - b);
    return [
      kind,
      t.requests,
      t.ok,
      t.expected4xx,
      t.unexpected,
      t.errors,
      Math.round(percentile(sorted, 0.5)),
      Math.round(percentile(sorted, 0.95)),
      Math.round(sorted.at(-1) ?? 0),
    ].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  for (const row of [header, ...rows]) {
    console.log(
      `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`,
    );
  }
  console.log(
    '  (failed: a 5xx, no answer, or an upload or draft job that failed; unexpected: an answer the request does not expect)',
  );
  const { requests, errors, unexpected } = soak.totals;
  const soaked = requests - (soak.tallies.get('set-up') as Tally).requests;
  const freezes = probe?.freezes ?? [];
  const worstProbe = Math.round(probe?.worstMs ?? 0);
  console.log(
    `  health probes: ${probe?.probes ?? 0}, freezes: ${freezes.length}, longest wait ${worstProbe} ms`,
  );
  for (const freeze of freezes.slice(0, 10)) {
    console.log(`    at ${Math.round(freeze.at / 1000)} s: ${Math.round(freeze.ms)} ms, ${freeze.answer}`);
  }
  console.log(`  RSS per minute (MB): ${rss.map((mb, minute) => `${minute}: ${mb}`).join(', ')}`);
  // Minute 2 leaves the first two minutes to warm up (a run shorter than 3 minutes compares from minute 1).
  const from = Math.min(2, Math.max(0, rss.length - 2));
  const baseline = rss[from] ?? 0;
  const last = rss.at(-1) ?? 0;
  const growth = baseline ? (last - baseline) / baseline : 0;
  console.log(
    `  RSS growth minute ${from} -> ${rss.length - 1}: ${last - baseline} MB (${(growth * 100).toFixed(1)}%)`,
  );
  for (const [title, list] of [
    ['server errors', soak.errors],
    ['unexpected answers', soak.unexpected],
  ] as const) {
    if (list.length === 0) continue;
    console.log(`  first ${list.length} ${title}:`);
    for (const p of list) {
      console.log(`    [${p.kind}] ${p.request} -> ${p.status}: ${p.body}`);
      for (const line of p.log) console.log(`      log: ${line.slice(0, 1000)}`);
    }
  }
  if (fatal) console.log(`  FAILED: ${fatal}`);
  const name = (figure: string) => `${database}: ${figure}`;
  const figures: Figure[] = [
    {
      name: name('soak completed'),
      value: fatal ? 0 : 1,
      unit: fatal ? 'no' : 'yes',
      target: 'yes',
      ok: !fatal,
    },
    {
      name: name(`requests in ${MINUTES} min (after set-up)`),
      value: soaked,
      unit: `(${(soaked / (MINUTES * 60)).toFixed(1)}/s)`,
      target: 'information',
      ok: true,
    },
    {
      name: name('5xx, network errors, failed jobs'),
      value: errors,
      unit: '',
      target: '0',
      ok: errors === 0,
    },
    { name: name('unexpected answers'), value: unexpected, unit: '', target: '0', ok: unexpected === 0 },
    {
      name: name('health freezes (> 2 s or not 200)'),
      value: freezes.length,
      unit: '',
      target: '0',
      ok: freezes.length === 0,
    },
    {
      name: name('longest /api/health wait'),
      value: worstProbe,
      unit: 'ms',
      target: `<= ${PROBE_LIMIT_MS} ms`,
      ok: worstProbe <= PROBE_LIMIT_MS,
    },
    {
      name: name(`RSS growth, minute ${from} -> ${rss.length - 1}`),
      value: Math.round(growth * 1000) / 10,
      unit: `% (${last - baseline} MB)`,
      target: `<= ${RSS_GROWTH_LIMIT * 100}%`,
      ok: rss.length >= 2 && growth <= RSS_GROWTH_LIMIT,
    },
  ];
  return {
    database,
    ok: figures.every((f) => f.ok),
    figures,
    summary: {
      database,
      minutes: MINUTES,
      users: USERS,
      setupSeconds,
      rssMbPerMinute: rss,
      freezes,
      kinds: Object.fromEntries([...soak.tallies].map(([kind, t]) => [kind, { ...t, ms: undefined }])),
      errors: soak.errors,
      unexpected: soak.unexpected,
      fatal,
    },
  };
}

export async function benchSoak(): Promise<Figure[]> {
  const results: Result[] = [];
  if (TARGETS === 'both' || TARGETS === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'prospector-soak-'));
    try {
      results.push(await soakOne('pglite', { DATA_DIR: dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (TARGETS === 'both' || TARGETS === 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'prospector-soak-'));
    try {
      const result = await withPostgresDatabase((url) =>
        soakOne('postgres', { DATABASE_URL: url, DATA_DIR: dataDir }),
      );
      results.push(
        result ?? {
          database: 'postgres',
          ok: false,
          figures: [
            { name: `postgres: reachable at ${ADMIN_URL}`, value: 0, unit: 'no', target: 'yes', ok: false },
          ],
          summary: {},
        },
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const figures = results.flatMap((r) => r.figures);
  report('soak', figures, { runs: results.map((r) => r.summary) });
  if (results.some((r) => !r.ok)) process.exitCode = 1;
  return figures;
}

if (process.argv[1]?.endsWith('soak.ts')) {
  await benchSoak();
}
