/**
 * This session's questions and answers, newest first. Kept in the data cache (as the knowledge chat keeps its
 * conversation), so they are still there after opening a source and coming back, and are forgotten when
 * another account signs in. Each answer remembers what the user did with it (a vote, a review request, an
 * entry added), so one answer cannot be voted on twice.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { type AnswerReview, type AskResponse, QUESTION_MAX_LENGTH } from '../../../shared/answers.ts';
import { ApiError } from '../../lib/api.ts';
import { invalidateCredits, notifyCharge, toastCreditFailure } from '../../lib/credits.ts';
import { askQuestion } from './api.ts';

export type AskTurn = {
  id: string;
  question: string;
  askedAt: string;
  status: 'asking' | 'done' | 'failed';
  response: AskResponse | null;
  /** The server's message when the question could not be answered, with its status (402: no credits). */
  error: { message: string; status: number } | null;
  vote: { rating: 1 | -1; comment: string | null } | null;
  /** The request this question became on the review list. */
  review: AnswerReview | null;
  /** The library entry written for this question: its answer from documents saved, or one written after it went unanswered. */
  addedEntryId: string | null;
};

const SESSION_KEY = ['answers-session'] as const;
/** How many questions the page keeps. */
export const SESSION_MAX = 20;

let ids = 0;

const newTurn = (question: string): AskTurn => ({
  id: `answer-turn-${++ids}`,
  question,
  askedAt: new Date().toISOString(),
  status: 'asking',
  response: null,
  error: null,
  vote: null,
  review: null,
  addedEntryId: null,
});

function errorOf(err: unknown): AskTurn['error'] {
  if (err instanceof ApiError) {
    return {
      message:
        err.status === 0 || err.message === 'Unexpected error.'
          ? 'The question could not be answered. Check your connection and try again.'
          : err.message,
      status: err.status,
    };
  }
  if (err instanceof TypeError) {
    return { message: 'The server could not be reached. Check your connection and try again.', status: 0 };
  }
  return { message: 'The question could not be answered. Try again.', status: 500 };
}

export function useAskSession() {
  const queryClient = useQueryClient();
  const { data: turns = [] } = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => [] as AskTurn[],
    // Data from the start, so nothing is fetched that could overwrite a question asked on arrival.
    initialData: [] as AskTurn[],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const [asking, setAsking] = useState(false);
  const askingRef = useRef(false);

  const setTurns = useCallback(
    (change: (current: AskTurn[]) => AskTurn[]) =>
      queryClient.setQueryData<AskTurn[]>(SESSION_KEY, (current) => change(current ?? [])),
    [queryClient],
  );

  const update = useCallback(
    (id: string, change: Partial<AskTurn>) =>
      setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, ...change } : turn))),
    [setTurns],
  );

  /** Asks a question; an empty one, or one asked while another is answered, is ignored (false). */
  const ask = useCallback(
    async (raw: string, replacing?: string) => {
      const question = raw.trim().slice(0, QUESTION_MAX_LENGTH);
      if (!question || askingRef.current) return false;
      askingRef.current = true;
      setAsking(true);
      const turn = newTurn(question);
      setTurns((current) => [turn, ...current.filter((t) => t.id !== replacing)].slice(0, SESSION_MAX));
      try {
        const response = await askQuestion(question);
        update(turn.id, { status: 'done', response });
        if (response.creditsCharged > 0) {
          notifyCharge({ activityType: 'knowledge_chat', creditsCharged: response.creditsCharged });
          void invalidateCredits(queryClient);
        }
        return true;
      } catch (err) {
        update(turn.id, { status: 'failed', error: errorOf(err) });
        // The balance shown elsewhere may be out of date: it is what the server just refused.
        if (toastCreditFailure(err, 'Sales Q&A')) void invalidateCredits(queryClient);
        return false;
      } finally {
        askingRef.current = false;
        setAsking(false);
      }
    },
    [queryClient, setTurns, update],
  );

  /** Starts over with no questions. */
  const clear = useCallback(() => {
    if (!askingRef.current) setTurns(() => []);
  }, [setTurns]);

  return { turns, asking, ask, update, clear };
}
