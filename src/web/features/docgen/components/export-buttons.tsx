import { Copy, FileDown, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { type DocExportFormat, type GeneratedDocument, MISSING_PATTERN } from '../../../../shared/docgen.ts';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { downloadExport } from '../api.ts';
import { emailPlainText } from '../email-text.ts';
import { isEmailTemplate } from '../format.ts';

const FORMATS: { format: DocExportFormat; label: string }[] = [
  { format: 'docx', label: 'DOCX' },
  { format: 'pdf', label: 'PDF' },
  { format: 'md', label: 'Markdown' },
];

/** Downloads as DOCX, PDF or Markdown; an e-mail is also copied as plain text for a mail client. */
export function ExportButtons({ document }: { document: GeneratedDocument }) {
  const [busy, setBusy] = useState<DocExportFormat | null>(null);

  const onExport = async (format: DocExportFormat, label: string) => {
    setBusy(format);
    try {
      const name = await downloadExport(document.id, format, document.title);
      toast({ title: `${label} downloaded`, description: name });
    } catch (err) {
      toastFailure(`Could not export as ${label}`, err);
    } finally {
      setBusy(null);
    }
  };

  const onCopy = async () => {
    try {
      if (!(await copyText(emailPlainText(document.markdown)))) {
        throw new Error('Your browser did not allow copying. Select the text and copy it yourself.');
      }
      const marks = document.markdown.match(MISSING_PATTERN)?.length ?? 0;
      toast({
        title: 'E-mail copied',
        description:
          marks > 0
            ? `Subject and body are on your clipboard. ${marks === 1 ? 'A mark still says what is missing: fill it' : `${marks} marks still say what is missing: fill them`} in before you send it.`
            : 'Subject and body are on your clipboard, ready to paste into your mail.',
      });
    } catch (err) {
      toastFailure('Could not copy the e-mail', err);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {isEmailTemplate(document.template) && (
        <Button type="button" size="sm" onClick={() => void onCopy()} data-copy-email>
          <Copy aria-hidden />
          Copy e-mail
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-1" data-export>
        <span className="mr-1 text-sm text-muted-foreground" aria-hidden>
          Export
        </span>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            type="button"
            variant="outline"
            size="sm"
            disabled={busy !== null}
            onClick={() => void onExport(format, label)}
            aria-label={`Export as ${label}`}
            data-export-format={format}
          >
            {busy === format ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
