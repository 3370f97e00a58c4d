/**
 * Spec 3 §9 typing effects: an answer appears 3 characters every 20 ms, the input's placeholder one character
 * every 30 ms. People who ask the system for less motion get the whole text at once.
 */
import { useEffect, useState } from 'react';
import { TYPING } from '../../../shared/copilot.ts';

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** How much of `text` to show, growing `charsPerStep` every `msPerStep`; all of it when `animate` is false. */
export function useTypedText(
  text: string,
  { animate, msPerStep, charsPerStep }: { animate: boolean; msPerStep: number; charsPerStep: number },
): { shown: string; done: boolean } {
  const instant = !animate || reducedMotion();
  const [length, setLength] = useState(instant ? text.length : 0);
  useEffect(() => {
    if (instant) {
      setLength(text.length);
      return;
    }
    setLength(0);
    const timer = window.setInterval(() => {
      setLength((n) => {
        const next = Math.min(text.length, n + charsPerStep);
        if (next >= text.length) window.clearInterval(timer);
        return next;
      });
    }, msPerStep);
    return () => window.clearInterval(timer);
  }, [text, instant, msPerStep, charsPerStep]);
  return { shown: text.slice(0, length), done: length >= text.length };
}

export const useTypedAnswer = (text: string, animate: boolean) =>
  useTypedText(text, { animate, msPerStep: TYPING.answerMsPerStep, charsPerStep: TYPING.answerCharsPerStep });

export const useTypedPlaceholder = (text: string) =>
  useTypedText(text, { animate: true, msPerStep: TYPING.placeholderMsPerChar, charsPerStep: 1 }).shown;
