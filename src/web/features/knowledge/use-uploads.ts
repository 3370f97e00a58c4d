/**
 * The upload area's state: every file dropped or picked is one item that goes from waiting, to uploading, to
 * the processing stages of its document (PROCESSING_STAGE_LABELS), to indexed, or is refused or failed with
 * the server's reason. Files are sent a few at a time, so a thousand files do not make one huge request, one
 * refused request costs only its own files, and the first documents are processed while the rest upload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type KnowledgeDocument,
  PROCESSING_STAGES,
  type ProcessingStage,
  type UploadResult,
} from '../../../shared/knowledge.ts';
import { ApiError } from '../../lib/api.ts';
import {
  getDocument,
  invalidateKnowledge,
  PROCESSING_POLL_MS,
  type UploadFile,
  uploadDocuments,
} from './api.ts';

export type UploadPhase = 'waiting' | 'uploading' | 'processing' | 'indexed' | 'refused' | 'failed';

export type UploadItem = {
  key: string;
  /** The file's name, with its folder when it came in one. */
  path: string;
  size: number;
  phase: UploadPhase;
  stage: ProcessingStage | null;
  progress: number;
  error: string | null;
  documentId: string | null;
};

/** Files per request, and bytes per request; a larger file is sent on its own. */
const BATCH_FILES = 20;
const BATCH_BYTES = 20 * 1024 * 1024;
/** Documents asked for their progress at each poll (in turn, when more are being processed). */
const POLLED_AT_ONCE = 6;

export const isSettled = (phase: UploadPhase) =>
  phase === 'indexed' || phase === 'refused' || phase === 'failed';

const stageOf = (stage: string): ProcessingStage =>
  stage === 'failed' || (PROCESSING_STAGES as readonly string[]).includes(stage)
    ? (stage as ProcessingStage)
    : 'queued';

/** What an item shows for its document as the server has it now. */
function fromDocument(document: KnowledgeDocument): Partial<UploadItem> {
  const phase: UploadPhase =
    document.status === 'indexed' ? 'indexed' : document.status === 'failed' ? 'failed' : 'processing';
  return {
    phase,
    documentId: document.id,
    stage: phase === 'failed' ? 'failed' : stageOf(document.stage),
    progress: phase === 'indexed' ? 100 : document.progress,
    error: phase === 'failed' ? (document.error ?? 'The document could not be processed.') : null,
  };
}

function fromResult(result: UploadResult | undefined): Partial<UploadItem> {
  if (result?.ok && result.document) return fromDocument(result.document);
  return { phase: 'refused', error: result?.error ?? 'The server did not say what became of this file.' };
}

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.message && err.message !== 'Unexpected error.'
    ? err.message
    : 'The upload failed on our side. Please try again.';

/** The next request's files: up to BATCH_FILES and BATCH_BYTES, or one file larger than that. */
function nextBatch(waiting: { item: UploadItem; upload: UploadFile }[]) {
  const batch: typeof waiting = [];
  let bytes = 0;
  for (const entry of waiting) {
    if (batch.length === BATCH_FILES) break;
    if (batch.length > 0 && bytes + entry.upload.file.size > BATCH_BYTES) break;
    batch.push(entry);
    bytes += entry.upload.file.size;
  }
  return batch;
}

let keys = 0;

export function useUploads() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const queue = useRef<{ item: UploadItem; upload: UploadFile }[]>([]);
  const sending = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((changes: Map<string, Partial<UploadItem>>) => {
    if (!mounted.current || changes.size === 0) return;
    setItems((current) =>
      current.map((item) => {
        const change = changes.get(item.key);
        return change ? { ...item, ...change } : item;
      }),
    );
  }, []);

  const pump = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      while (queue.current.length > 0 && mounted.current) {
        const batch = nextBatch(queue.current);
        queue.current = queue.current.slice(batch.length);
        update(new Map(batch.map(({ item }) => [item.key, { phase: 'uploading' as const }])));
        let changes: Map<string, Partial<UploadItem>>;
        try {
          const results = await uploadDocuments(batch.map(({ upload }) => upload));
          changes = new Map(batch.map(({ item }, index) => [item.key, fromResult(results[index])]));
        } catch (err) {
          const error = messageOf(err);
          changes = new Map(batch.map(({ item }) => [item.key, { phase: 'refused' as const, error }]));
        }
        update(changes);
        void invalidateKnowledge(queryClient);
      }
    } finally {
      sending.current = false;
    }
  }, [update, queryClient]);

  const add = useCallback(
    (uploads: UploadFile[]) => {
      if (uploads.length === 0) return;
      const added = uploads.map((upload) => ({
        upload,
        item: {
          key: `upload-${++keys}`,
          path: upload.path,
          size: upload.file.size,
          phase: 'waiting' as const,
          stage: null,
          progress: 0,
          error: null,
          documentId: null,
        },
      }));
      setItems((current) => [...current, ...added.map(({ item }) => item)]);
      queue.current.push(...added);
      void pump();
    },
    [pump],
  );

  // Documents being processed are asked for their stage, a few at a time and in turn.
  const turn = useRef(0);
  const processing = items.some((item) => item.phase === 'processing');
  useEffect(() => {
    if (!processing) return;
    const timer = window.setInterval(async () => {
      const open = itemsRef.current.filter((item) => item.phase === 'processing' && item.documentId);
      if (open.length === 0) return;
      const start = turn.current % open.length;
      const polled = [...open.slice(start), ...open.slice(0, start)].slice(0, POLLED_AT_ONCE);
      turn.current = start + polled.length;
      const changes = new Map<string, Partial<UploadItem>>();
      await Promise.all(
        polled.map(async (item) => {
          try {
            changes.set(item.key, fromDocument(await getDocument(item.documentId ?? '')));
          } catch (err) {
            // A document deleted meanwhile (from the list) is no longer being processed.
            if (err instanceof ApiError && err.status === 404) {
              changes.set(item.key, { phase: 'failed', error: 'The document was deleted.' });
            }
          }
        }),
      );
      const settled = [...changes.values()].some((change) => change.phase && isSettled(change.phase));
      update(changes);
      if (settled) void invalidateKnowledge(queryClient);
    }, PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [processing, update, queryClient]);

  // Files not sent yet would be lost by closing the tab: the browser asks first.
  const unsent = items.some((item) => item.phase === 'waiting' || item.phase === 'uploading');
  useEffect(() => {
    if (!unsent) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsent]);

  /** Forgets the files that are done (indexed, refused or failed); the ones still moving stay. */
  const clearSettled = useCallback(() => {
    setItems((current) => current.filter((item) => !isSettled(item.phase)));
  }, []);

  return { items, add, clearSettled, busy: unsent || processing };
}
