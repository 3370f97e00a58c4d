import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ARCHITECTURE_DISABLED,
  ARCHITECTURE_INVALID_PASSWORD,
  type ArchitectureDocument,
} from '../../../shared/architecture.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { architectureTabs } from './content.ts';
import { type OpenApiDocument, readFigures } from './figures.ts';

type ArchitectureDeps = Pick<AppDeps, 'database' | 'jobs' | 'config' | 'version'>;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function passwordMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Throws 404 when no ARCHITECTURE_PASSWORD is configured. */
export function requireEnabled(config: AppDeps['config']): string {
  const { password } = config.architecture;
  if (password === null) throw new AppError('NOT_FOUND', 404, ARCHITECTURE_DISABLED);
  return password;
}

/** The page's content for a right password; 401 'Invalid password' otherwise. */
export async function unlockArchitecture(
  deps: ArchitectureDeps,
  openApi: () => OpenApiDocument,
  password: string,
): Promise<ArchitectureDocument> {
  if (!passwordMatches(password, requireEnabled(deps.config))) {
    throw new AppError('UNAUTHORIZED', 401, ARCHITECTURE_INVALID_PASSWORD);
  }
  const figures = await readFigures(deps, openApi);
  return {
    generatedAt: new Date().toISOString(),
    figures,
    tabs: architectureTabs(figures, deps.config),
  };
}
