import type { ArchitectureDocument, ArchitectureStatus } from '../../../shared/architecture.ts';
import { apiFetch } from '../../lib/api.ts';

/** Whether the page is enabled on this server (no content, no password needed). */
export const getArchitectureStatus = () => apiFetch<ArchitectureStatus>('/api/v1/architecture');

/** The page's content for the shared password; throws ApiError 401 'Invalid password' for a wrong one. */
export const unlockArchitecture = (password: string) =>
  apiFetch<ArchitectureDocument>('/api/v1/architecture/unlock', { method: 'POST', body: { password } });
