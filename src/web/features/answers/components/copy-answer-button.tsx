import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { toast } from '../../../lib/toast.ts';
import { plainAnswer } from '../plain-text.ts';

/** Copies the answer as plain text, without its citation markers, ready to paste into an e-mail. */
export function CopyAnswerButton({ answer }: { answer: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(plainAnswer(answer))) {
      setCopied(true);
      toast({ title: 'Copied', description: 'The answer is on your clipboard, without citation markers.' });
    } else {
      toast({
        title: 'Could not copy',
        description: 'Your browser did not allow it. Select the answer and copy it instead.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} data-copy-answer>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      Copy
    </Button>
  );
}
