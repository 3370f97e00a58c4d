import { CheckCircle2, FileUp, FolderUp, Loader2, TriangleAlert, Upload, XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  DEFAULT_UPLOAD_MAX_MB,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FORMATS,
  PROCESSING_STAGE_LABELS,
} from '../../../../shared/knowledge.ts';
import { DropZone } from '../../../components/drop-zone.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useActivityPrice } from '../../../lib/credits.ts';
import { formatNumber } from '../../../lib/format.ts';
import { pickedFiles, readDrop } from '../dropped-files.ts';
import { formatBytes } from '../format.ts';
import { isSettled, type UploadItem, useUploads } from '../use-uploads.ts';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const FORMAT_NAMES = [...new Set(Object.values(DOCUMENT_FORMATS).map((format) => format.label))];

function statusText(item: UploadItem): string {
  switch (item.phase) {
    case 'waiting':
      return 'Waiting to upload';
    case 'uploading':
      return 'Uploading';
    case 'refused':
      return 'Not uploaded';
    default:
      return PROCESSING_STAGE_LABELS[item.stage ?? 'queued'];
  }
}

function ItemIcon({ item }: { item: UploadItem }) {
  if (item.phase === 'indexed') return <CheckCircle2 className="size-4 text-success" aria-hidden />;
  if (item.phase === 'refused' || item.phase === 'failed') {
    return <XCircle className="size-4 text-destructive" aria-hidden />;
  }
  return <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />;
}

function UploadRow({ item }: { item: UploadItem }) {
  const problem = item.phase === 'refused' || item.phase === 'failed';
  const progress = item.phase === 'indexed' ? 100 : item.phase === 'processing' ? item.progress : 0;
  const status = statusText(item);
  return (
    <li className="flex flex-col gap-1.5 border-b px-3 py-2.5 last:border-0" data-upload-item={item.phase}>
      <div className="flex min-w-0 items-center gap-2">
        <ItemIcon item={item} />
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.path} data-upload-name>
          {item.path}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatBytes(item.size)}</span>
      </div>
      {problem ? (
        <p className="pl-6 text-sm break-words text-destructive" data-upload-error>
          {item.error}
        </p>
      ) : (
        <div className="flex items-center gap-3 pl-6">
          <div
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={`${item.path}: ${status}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div
              className={cn(
                'h-full rounded-full transition-[width] duration-300',
                item.phase === 'indexed' ? 'bg-success' : 'bg-primary',
              )}
              style={{ width: `${Math.max(progress, 2)}%` }}
            />
          </div>
          <span className="w-36 shrink-0 text-right text-xs text-muted-foreground" data-upload-stage>
            {status}
          </span>
        </div>
      )}
    </li>
  );
}

function Summary({ items }: { items: UploadItem[] }) {
  const count = (phases: UploadItem['phase'][]) => items.filter((item) => phases.includes(item.phase)).length;
  const indexed = count(['indexed']);
  const problems = count(['refused', 'failed']);
  const moving = items.length - indexed - problems;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-upload-summary>
      {formatNumber(indexed)} indexed
      {moving > 0 && `, ${formatNumber(moving)} in progress`}
      {problems > 0 && (
        <span className="text-destructive">
          , {formatNumber(problems)} {problems === 1 ? 'problem' : 'problems'}
        </span>
      )}
    </p>
  );
}

/**
 * The upload area (spec 3 "An upload area lists upload items"): drop files or whole folders, or pick them;
 * each file shows its own progress through the processing stages, or why it was refused.
 */
export function UploadArea() {
  const id = useId();
  const uploads = useUploads();
  const price = useActivityPrice('document_processing');
  const [reading, setReading] = useState(false);
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);

  const onDrop = (data: DataTransfer) => {
    setReading(true);
    readDrop(data)
      .then(uploads.add)
      .catch((err) => console.error('Could not read the dropped files:', err))
      .finally(() => setReading(false));
  };

  const anySettled = uploads.items.some((item) => isSettled(item.phase));

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
            Upload documents
          </h2>
          <CardDescription>
            {FORMAT_NAMES.join(', ')}; up to {DEFAULT_UPLOAD_MAX_MB} MB each. Each document processed costs{' '}
            {price} {price === 1 ? 'credit' : 'credits'}; a file that cannot be read costs nothing.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <DropZone onDrop={onDrop} className="rounded-xl py-6">
            <FileUp className="size-8 text-muted-foreground" aria-hidden />
            <p className="hidden text-sm text-muted-foreground sm:block">Drag files or folders here, or</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => filesRef.current?.click()} disabled={reading}>
                {reading ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
                Choose files
              </Button>
              <Button variant="outline" onClick={() => folderRef.current?.click()} disabled={reading}>
                <FolderUp aria-hidden />
                Choose a folder
              </Button>
            </div>
            <input
              ref={filesRef}
              type="file"
              multiple
              accept={ACCEPT}
              className="hidden"
              tabIndex={-1}
              aria-label="Documents to upload"
              data-upload-input
              onChange={(event) => {
                uploads.add(pickedFiles(event.target.files));
                event.target.value = '';
              }}
            />
            <input
              ref={folderRef}
              type="file"
              // React has no typed prop for it: the folder picker of every current browser.
              {...{ webkitdirectory: '' }}
              className="hidden"
              tabIndex={-1}
              aria-label="Folder to upload"
              onChange={(event) => {
                uploads.add(pickedFiles(event.target.files));
                event.target.value = '';
              }}
            />
          </DropZone>

          {uploads.items.length > 0 && (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Summary items={uploads.items} />
                {anySettled && (
                  <Button variant="ghost" size="sm" onClick={uploads.clearSettled}>
                    Clear finished
                  </Button>
                )}
              </div>
              <section
                aria-label="Uploads"
                className="max-h-80 overflow-y-auto rounded-lg border"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
                tabIndex={0}
              >
                <ul data-upload-list>
                  {uploads.items.map((item) => (
                    <UploadRow key={item.key} item={item} />
                  ))}
                </ul>
              </section>
              {uploads.items.some((item) => item.phase === 'failed' && item.documentId) && (
                <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
                  <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />A document that failed
                  stays in your list below with its reason; fix the file and upload it again, or re-process
                  it.
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
