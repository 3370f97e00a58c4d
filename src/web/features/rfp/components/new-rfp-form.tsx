import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ClipboardPaste, FileUp, Loader2, Upload, X, XCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { parseCompanyContext } from '../../../../shared/company-context.ts';
import { RFP_EXTENSIONS, RFP_TEXT_MAX, RFP_TITLE_MAX, type RfpProject } from '../../../../shared/rfp.ts';
import { DropZone } from '../../../components/drop-zone.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type NewProjectFields,
  rememberProject,
  uploadQuestionnaire,
  usePasteQuestionnaire,
} from '../api.ts';
import { plural } from '../format.ts';
import { SampleRfqs } from './sample-rfqs.tsx';

const ACCEPT = RFP_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const FORMATS = 'CSV, Excel, Word, PDF, Markdown, text, or Google VSAQ JSON';

type Mode = 'file' | 'paste';

type Sent = {
  key: string;
  name: string;
  size: number;
  phase: 'uploading' | 'created' | 'refused';
  error: string | null;
  project: RfpProject | null;
};

/** The company a hand-off opened the page for (`?companies=[{"name":"Globex"}]`): the RFP's issuer, likely. */
function handedCompany(search: string): string {
  try {
    return parseCompanyContext(search)?.companies[0]?.name.trim() ?? '';
  } catch {
    return '';
  }
}

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.message && err.message !== 'Unexpected error.'
    ? err.message
    : 'The questionnaire could not be read on our side. Please try again.';

const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

let keys = 0;

function SentRow({ item }: { item: Sent }) {
  return (
    <li className="flex flex-col gap-1 border-b px-3 py-2.5 last:border-0" data-rfp-upload={item.phase}>
      <div className="flex min-w-0 items-center gap-2">
        {item.phase === 'created' ? (
          <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
        ) : item.phase === 'refused' ? (
          <XCircle className="size-4 shrink-0 text-destructive" aria-hidden />
        ) : (
          <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
        )}
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.name}>
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatBytes(item.size)}</span>
      </div>
      {item.phase === 'refused' && (
        <p className="pl-6 text-sm break-words text-destructive" data-rfp-upload-error>
          {item.error}
        </p>
      )}
      {item.phase === 'uploading' && (
        <p className="pl-6 text-xs text-muted-foreground">Reading the questions…</p>
      )}
      {item.project && (
        <p className="flex flex-wrap items-center gap-x-2 pl-6 text-sm text-muted-foreground">
          {plural(item.project.questions.length, 'question')} found.
          <Link
            to={`/rfp-editor/${item.project.id}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Open {item.project.title}
          </Link>
        </p>
      )}
    </li>
  );
}

/**
 * "New RFP": a questionnaire dropped or picked (one project per file; refused files say why) or pasted, with
 * its title, issuer and deadline; or a sample RFQ in one click. One project made opens in the editor.
 */
export function NewRfpForm() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paste = usePasteQuestionnaire();
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('file');
  const [files, setFiles] = useState<File[]>([]);
  const [sent, setSent] = useState<Sent[]>([]);
  const [uploading, setUploading] = useState(false);
  const [title, setTitle] = useState('');
  const { search } = useLocation();
  const [issuer, setIssuer] = useState(() => handedCompany(search));
  const [deadline, setDeadline] = useState('');
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<{ title?: string; text?: string; files?: string }>({});

  const open = (project: RfpProject) => navigate(`/rfp-editor/${project.id}`);
  const fields = (): NewProjectFields => ({
    title: files.length === 1 ? title : undefined,
    issuer,
    deadline,
  });

  const pick = (picked: FileList | File[] | null) => {
    const list = Array.from(picked ?? []);
    if (list.length === 0) return;
    setFiles(list);
    setProblems({});
  };

  const onUpload = async () => {
    if (files.length === 0) {
      setProblems({ files: 'Choose or drop a questionnaire file first.' });
      return;
    }
    const batch = files.map((file) => ({
      file,
      item: {
        key: `rfp-upload-${++keys}`,
        name: file.name,
        size: file.size,
        phase: 'uploading' as const,
        error: null,
        project: null,
      } satisfies Sent,
    }));
    setSent(batch.map(({ item }) => item));
    setUploading(true);
    const values = fields();
    const made: RfpProject[] = [];
    // One after the other: each file is its own project and its own answer.
    for (const { file, item } of batch) {
      let change: Partial<Sent>;
      try {
        const project = await uploadQuestionnaire(file, values);
        await rememberProject(queryClient, project);
        made.push(project);
        change = { phase: 'created', project };
      } catch (err) {
        change = { phase: 'refused', error: messageOf(err) };
      }
      setSent((current) => current.map((row) => (row.key === item.key ? { ...row, ...change } : row)));
    }
    setUploading(false);
    setFiles([]);
    const [only] = made;
    if (batch.length === 1 && only) {
      toast({ title: 'RFP created', description: `${plural(only.questions.length, 'question')} found.` });
      open(only);
    }
  };

  const onPaste = () => {
    const missing = {
      title: title.trim() ? undefined : 'Give the RFP a title.',
      text: text.trim() ? undefined : 'Paste the questionnaire’s text.',
    };
    setProblems(missing);
    if (missing.title || missing.text) return;
    paste.mutate(
      { title, text, issuer, deadline },
      {
        onSuccess: (project) => {
          toast({
            title: 'RFP created',
            description: `${plural(project.questions.length, 'question')} found.`,
          });
          open(project);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'file') void onUpload();
    else onPaste();
  };

  const busy = uploading || paste.isPending;
  const multiple = mode === 'file' && files.length > 1;

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-col gap-1.5">
            <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">
              New RFP
            </h2>
            <CardDescription>
              Upload the questionnaire as it came ({FORMATS}) or paste its text. Maya finds every question
              with its number and section.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant={mode === 'file' ? 'secondary' : 'ghost'}
              aria-pressed={mode === 'file'}
              onClick={() => {
                setMode('file');
                setProblems({});
              }}
              data-rfp-mode="file"
            >
              <FileUp aria-hidden />
              Upload a file
            </Button>
            <Button
              type="button"
              size="sm"
              variant={mode === 'paste' ? 'secondary' : 'ghost'}
              aria-pressed={mode === 'paste'}
              onClick={() => {
                setMode('paste');
                setProblems({});
              }}
              data-rfp-mode="paste"
            >
              <ClipboardPaste aria-hidden />
              Paste text
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid gap-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]"
            data-new-rfp
          >
            <div className="flex min-w-0 flex-col gap-2">
              {mode === 'file' ? (
                <>
                  <DropZone onDrop={(data) => pick(data.files)} className="rounded-xl py-8">
                    <FileUp className="size-8 text-muted-foreground" aria-hidden />
                    {files.length === 0 ? (
                      <p className="hidden text-sm text-muted-foreground sm:block">
                        Drag a questionnaire here, or
                      </p>
                    ) : (
                      <ul className="flex max-w-full flex-col gap-1 text-sm" aria-label="Chosen files">
                        {files.map((file) => (
                          <li key={`${file.name}-${file.size}`} className="flex min-w-0 items-center gap-2">
                            <span className="truncate font-medium" data-rfp-file>
                              {file.name}
                            </span>
                            <span className="shrink-0 text-xs text-muted-foreground">
                              {formatBytes(file.size)}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                    <div className="flex flex-wrap justify-center gap-2">
                      <Button
                        type="button"
                        variant={files.length ? 'outline' : 'default'}
                        onClick={() => fileInput.current?.click()}
                        disabled={busy}
                        aria-describedby={problems.files ? `${id}-files-problem` : undefined}
                      >
                        <Upload aria-hidden />
                        {files.length ? 'Choose other files' : 'Choose a file'}
                      </Button>
                      {files.length > 0 && (
                        <Button type="button" variant="ghost" onClick={() => setFiles([])} disabled={busy}>
                          <X aria-hidden />
                          Clear
                        </Button>
                      )}
                    </div>
                    <input
                      ref={fileInput}
                      type="file"
                      multiple
                      accept={ACCEPT}
                      className="hidden"
                      tabIndex={-1}
                      aria-label="Questionnaire files"
                      data-rfp-input
                      onChange={(event) => {
                        pick(event.target.files);
                        event.target.value = '';
                      }}
                    />
                  </DropZone>
                  {problems.files && (
                    <p id={`${id}-files-problem`} role="alert" className="text-sm text-destructive">
                      {problems.files}
                    </p>
                  )}
                </>
              ) : (
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${id}-text`}>Questionnaire text</Label>
                  <Textarea
                    id={`${id}-text`}
                    value={text}
                    onChange={(event) => {
                      setText(event.target.value);
                      setProblems((current) => ({ ...current, text: undefined }));
                    }}
                    maxLength={RFP_TEXT_MAX}
                    rows={10}
                    placeholder={
                      '1. Is customer data encrypted at rest?\n2. Do you support single sign-on with SAML?'
                    }
                    aria-invalid={problems.text ? true : undefined}
                    aria-describedby={problems.text ? `${id}-text-problem` : undefined}
                    className="min-h-48 font-mono text-sm"
                    data-rfp-text
                  />
                  {problems.text && (
                    <p id={`${id}-text-problem`} className="text-sm text-destructive">
                      {problems.text}
                    </p>
                  )}
                </div>
              )}
            </div>

            <div className="flex min-w-0 flex-col gap-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-name`}>Title{mode === 'file' && ' (optional)'}</Label>
                <Input
                  id={`${id}-name`}
                  value={multiple ? '' : title}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    setProblems((current) => ({ ...current, title: undefined }));
                  }}
                  maxLength={RFP_TITLE_MAX}
                  disabled={multiple}
                  placeholder={
                    mode === 'paste'
                      ? 'Globex security questionnaire'
                      : multiple
                        ? 'Each file keeps its own title'
                        : 'Taken from the file'
                  }
                  aria-invalid={problems.title ? true : undefined}
                  aria-describedby={problems.title ? `${id}-name-problem` : undefined}
                  data-rfp-title
                />
                {problems.title && (
                  <p id={`${id}-name-problem`} className="text-sm text-destructive">
                    {problems.title}
                  </p>
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${id}-issuer`}>Issuer (optional)</Label>
                  <Input
                    id={`${id}-issuer`}
                    value={issuer}
                    onChange={(event) => setIssuer(event.target.value)}
                    maxLength={200}
                    placeholder="Globex"
                    autoComplete="organization"
                    data-rfp-issuer
                  />
                </div>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${id}-deadline`}>Deadline (optional)</Label>
                  <Input
                    id={`${id}-deadline`}
                    type="date"
                    value={deadline}
                    onChange={(event) => setDeadline(event.target.value)}
                    data-rfp-deadline
                  />
                </div>
              </div>
              {mode === 'paste' && paste.error && (
                <p role="alert" className="text-sm break-words text-destructive" data-rfp-paste-error>
                  {messageOf(paste.error)}
                </p>
              )}
              <Button type="submit" disabled={busy} className="self-start" data-rfp-create>
                {busy && <Loader2 className="animate-spin" aria-hidden />}
                {mode === 'file' && files.length > 1 ? `Create ${files.length} RFPs` : 'Create RFP'}
              </Button>
            </div>
          </form>

          {mode === 'file' && sent.length > 0 && (
            <section
              aria-label="Uploaded questionnaires"
              aria-live="polite"
              className={cn('mt-4 rounded-lg border', sent.length > 4 && 'max-h-72 overflow-y-auto')}
              tabIndex={sent.length > 4 ? 0 : undefined}
            >
              <ul data-rfp-uploads>
                {sent.map((item) => (
                  <SentRow key={item.key} item={item} />
                ))}
              </ul>
            </section>
          )}

          <SampleRfqs onCreated={open} disabled={busy} />
        </CardContent>
      </Card>
    </section>
  );
}
