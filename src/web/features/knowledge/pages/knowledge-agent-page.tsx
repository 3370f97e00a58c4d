import { Network, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useKnowledgeStats } from '../api.ts';
import { DemoLibraryNotice } from '../components/demo-library-notice.tsx';
import { DocumentList } from '../components/document-list.tsx';
import { KnowledgeChat } from '../components/knowledge-chat.tsx';
import { KnowledgeStats } from '../components/knowledge-stats.tsx';
import { SourcesPanel } from '../components/sources-panel.tsx';
import { UploadArea } from '../components/upload-area.tsx';
import { useKnowledgeChat } from '../use-knowledge-chat.ts';

/**
 * `/sales-knowledge-agent` (spec 3 §2 "Knowledge-base chat"): the chat over the user's documents with the
 * passages each answer cites, the statistics, the upload area and the document list.
 */
export function KnowledgeAgentPage() {
  useDocumentTitle('Knowledge agent');
  const chat = useKnowledgeChat();
  const stats = useKnowledgeStats();
  const [picked, setPicked] = useState<{ messageId: string; ref: number | null } | null>(null);

  // The panel shows the picked answer's sources, else the latest answer's.
  const answers = chat.messages.filter((message) => message.sender === 'ai');
  const shown = answers.find((message) => message.id === picked?.messageId) ?? answers.at(-1) ?? null;
  const shownIndex = shown ? chat.messages.indexOf(shown) : -1;
  const question =
    chat.messages.slice(0, Math.max(shownIndex, 0)).findLast((message) => message.sender === 'user')
      ?.content ?? '';

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Knowledge agent</h1>
          <p className="text-sm text-muted-foreground">
            Upload what your company knows, then ask: every answer cites the document, section and page it
            comes from.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/enterprise-file-search">
              <Search aria-hidden />
              Search files
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/knowledge-graph">
              <Network aria-hidden />
              Knowledge graph
            </Link>
          </Button>
        </div>
      </header>

      <KnowledgeStats />
      <DemoLibraryNotice ready={stats.isSuccess} />

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <KnowledgeChat
          messages={chat.messages}
          processing={chat.processing}
          onSend={chat.send}
          onClear={() => {
            chat.clear();
            setPicked(null);
          }}
          selectedId={shown?.id ?? null}
          onSelectSource={(messageId, ref) => setPicked({ messageId, ref })}
          hasDocuments={(stats.data?.totalDocuments ?? 1) > 0}
        />
        <SourcesPanel
          sources={shown?.sources ?? []}
          question={question}
          pickedRef={picked && picked.messageId === shown?.id ? picked.ref : null}
        />
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <UploadArea />
        <DocumentList />
      </div>
    </div>
  );
}
