/**
 * The live figures of the architecture page: read from the running system (the database's catalogue, drizzle's
 * migrations table, the OpenAPI document, the job queue, the configuration, the source tree), never copied.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { ArchitectureFigures } from '../../../shared/architecture.ts';
import type { AppDeps } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../../paths.ts';

/** The role user-scoped queries run as (db/user-scope.ts); row-level security policies apply to it. */
export const APP_DATABASE_ROLE = 'prospector_app';

/** The OpenAPI document as much as we read of it (`paths` -> method -> operation). */
export type OpenApiDocument = { paths?: unknown };

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations in the repository: drizzle-kit's journal beside the SQL files. */
export function readMigrationJournal(dir: string = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

async function tableFigures(db: Db) {
  const rows = await queryRows<{ name: string; rls: boolean; policies: number; columns: number }>(
    db,
    sql`select c.relname as name, c.relrowsecurity as rls,
          (select count(*) from pg_catalog.pg_policy p where p.polrelid = c.oid)::int as policies,
          (select count(*) from pg_catalog.pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)::int as columns
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname`,
  );
  return rows.map((row) => ({
    name: row.name,
    columns: Number(row.columns),
    rowLevelSecurity: Boolean(row.rls),
    policies: Number(row.policies),
  }));
}

async function databaseFigures(db: Db, engine: 'pglite' | 'postgres') {
  const [info] = await queryRows<{ version: string; server_version: string; indexes: number; role: boolean }>(
    db,
    sql`select version() as version, current_setting('server_version') as server_version,
          (select count(*) from pg_catalog.pg_indexes where schemaname = 'public')::int as indexes,
          exists (select 1 from pg_catalog.pg_roles where rolname = ${APP_DATABASE_ROLE}) as role`,
  );
  const extensions = await queryRows<{ name: string; version: string }>(
    db,
    sql`select extname as name, extversion as version from pg_catalog.pg_extension order by extname`,
  );
  // The size needs CONNECT on the database, which a locked-down role may lack: then it is simply not shown.
  const sizeBytes = await queryRows<{ size: string | number }>(
    db,
    sql`select pg_database_size(current_database()) as size`,
  ).then(
    ([row]) => (row ? Number(row.size) : null),
    () => null,
  );
  const pglite = /\(PGlite ([^)]+)\)/.exec(info?.version ?? '')?.[1];
  const serverVersion = `${info?.server_version ?? 'unknown'}${pglite ? ` (PGlite ${pglite})` : ''}`;
  return {
    database: { engine, serverVersion, sizeBytes, extensions },
    indexes: Number(info?.indexes ?? 0),
    roleExists: Boolean(info?.role),
  };
}

async function migrationFigures(db: Db) {
  const journal = readMigrationJournal();
  const [row] = await queryRows<{ applied: number; latest: string | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  // drizzle records each migration with its journal entry's `when`: that names the latest one applied.
  const latest = row?.latest ? journal.find((entry) => String(entry.when) === row.latest) : undefined;
  return { applied: Number(row?.applied ?? 0), inRepository: journal.length, latest: latest?.tag ?? null };
}

async function jobFigures(db: Db, types: string[]) {
  const schedules = await queryRows<{ name: string; type: string; interval_seconds: number }>(
    db,
    sql`select name, type, interval_seconds from job_schedules order by name`,
  );
  const statuses = await queryRows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from jobs group by status order by status`,
  );
  return {
    types,
    schedules: schedules.map((s) => ({
      name: s.name,
      type: s.type,
      intervalSeconds: Number(s.interval_seconds),
    })),
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, Number(s.count)])),
  };
}

/** Every operation of the OpenAPI document: method, path, its first tag and summary. */
export function apiFigures(document: OpenApiDocument): ArchitectureFigures['api'] {
  const routes: ArchitectureFigures['api']['routes'] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method] as { summary?: string; tags?: string[] } | undefined;
      if (!operation) continue;
      routes.push({
        method: method.toUpperCase(),
        path,
        tag: operation.tags?.[0] ?? '',
        summary: operation.summary ?? '',
      });
    }
  }
  routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const byMethod: Record<string, number> = {};
  for (const route of routes) byMethod[route.method] = (byMethod[route.method] ?? 0) + 1;
  return { total: routes.length, byMethod, routes };
}

const CODE_FILE = /\.(ts|tsx|css|sql)$/;
const TEST_FILE = /\.(test|spec)\.tsx?$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
const AREAS = ['src/shared', 'src/server', 'src/web', 'tests', 'scripts', 'bench'];

type FileCount = { path: string; lines: number };

async function codeFiles(dir: string, root: string): Promise<FileCount[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  const found: FileCount[] = [];
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...(await codeFiles(path, root)));
    } else if (CODE_FILE.test(entry.name)) {
      const content = await readFile(join(root, path));
      let lines = 0;
      for (const byte of content) if (byte === 10) lines++;
      found.push({ path, lines });
    }
  }
  return found;
}

/** Files and lines of TypeScript, CSS and SQL per area and per feature; null when no sources are shipped. */
export async function countCodebase(root: string = PROJECT_ROOT): Promise<ArchitectureFigures['codebase']> {
  const files = (await Promise.all(AREAS.map((area) => codeFiles(area, root)))).flat();
  if (files.length === 0) return null;
  const folders = new Map<string, { files: number; lines: number }>();
  const add = (folder: string, file: FileCount) => {
    const total = folders.get(folder) ?? { files: 0, lines: 0 };
    folders.set(folder, { files: total.files + 1, lines: total.lines + file.lines });
  };
  for (const file of files) {
    const area = AREAS.find((a) => file.path.startsWith(`${a}/`));
    if (area) add(area, file);
    const feature = /^(src\/(?:server|web)\/features\/[^/]+)\//.exec(file.path)?.[1];
    if (feature) add(feature, file);
  }
  return {
    folders: [...folders].map(([path, total]) => ({ path, ...total })),
    testFiles: files.filter((file) => TEST_FILE.test(file.path)).length,
  };
}

// The source tree does not change under a running server: counted once, on the first unlock.
let codebase: Promise<ArchitectureFigures['codebase']> | null = null;

/** Reads every figure; `openApi` returns the app's OpenAPI document (it lists the routes). */
export async function readFigures(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'config' | 'version'>,
  openApi: () => OpenApiDocument,
): Promise<ArchitectureFigures> {
  const { db, mode } = deps.database;
  // Sequential: PGlite has one connection, and these are a handful of catalogue reads.
  const tables = await tableFigures(db);
  const database = await databaseFigures(db, mode);
  const migrations = await migrationFigures(db);
  const jobs = await jobFigures(db, deps.jobs.registeredTypes());
  codebase ??= countCodebase().catch(() => null);
  const ai = deps.config.ai;
  return {
    version: deps.version,
    nodeVersion: process.version,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    database: database.database,
    tables,
    indexes: database.indexes,
    policies: tables.reduce((sum, table) => sum + table.policies, 0),
    migrations,
    api: apiFigures(openApi()),
    jobs,
    roles: {
      databaseRole: APP_DATABASE_ROLE,
      databaseRoleExists: database.roleExists,
      rowLevelSecurityTables: tables.filter((table) => table.rowLevelSecurity).length,
    },
    ai: { provider: ai.provider, model: ai.provider === 'openai' ? ai.model : null },
    codebase: await codebase,
  };
}
