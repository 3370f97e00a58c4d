import { ChevronDown, Download, FileSpreadsheet, FileText, FileUp, Loader2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import type { RfpExportFormat, RfpProject } from '../../../../shared/rfp.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast, toastFailure } from '../../../lib/toast.ts';
import { useDownloadExport } from '../api.ts';
import { FORMAT_LABELS } from '../format.ts';

const ITEM =
  'flex cursor-default items-start gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0';

function Item({
  icon,
  title,
  description,
  onSelect,
  format,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onSelect: () => void;
  format: RfpExportFormat;
}) {
  return (
    <DropdownMenu.Item className={ITEM} onSelect={onSelect} data-export={format}>
      {icon}
      <span className="flex flex-col">
        <span className="font-medium">{title}</span>
        <span className="text-xs text-muted-foreground">{description}</span>
      </span>
    </DropdownMenu.Item>
  );
}

/** Downloads the answers: Word by section with sources, one CSV row per question, or back into the original. */
export function ExportMenu({ project }: { project: RfpProject }) {
  const download = useDownloadExport(project.id);
  const run = (format: RfpExportFormat) =>
    download.mutate(format, {
      onSuccess: (name) => toast({ title: 'Export downloaded', description: name }),
      onError: (err) => toastFailure('Export failed', err),
    });

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" disabled={download.isPending} data-export-menu>
          {download.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          Export
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-72 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <Item
            format="docx"
            icon={<FileText aria-hidden />}
            title="Word document (DOCX)"
            description="Questions and answers by section, with their sources"
            onSelect={() => run('docx')}
          />
          <Item
            format="csv"
            icon={<FileSpreadsheet aria-hidden />}
            title="Spreadsheet (CSV)"
            description="One row per question: answer, status, assignee, sources"
            onSelect={() => run('csv')}
          />
          {project.exportsToSource && (
            <Item
              format="source"
              icon={<FileUp aria-hidden />}
              title="Back into the original file"
              description={`${project.sourceFilename ?? FORMAT_LABELS[project.sourceFormat]} with its answer column filled in`}
              onSelect={() => run('source')}
            />
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
