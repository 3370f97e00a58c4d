/**
 * What happens after the copilot answered (spec 3 §7-§8): invalid filters are reported ('Filter Validation'),
 * the user is taken to the agent with the validated filters ('Switching Agents'), or told that the agent is not
 * there yet ('Agent Not Available'); a command opens a page or reloads the data it changed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type AnalyzeResponse,
  HANDOFF_TOASTS,
  type SendMessageResponse,
  SUGGESTED_AGENT_NAMES,
} from '../../../shared/copilot.ts';
import { skippedFiltersToast } from '../../../shared/filter-validator.ts';
import { toast } from '../../lib/toast.ts';

/** Below this confidence the copilot does not move the user: the answer offers the agent instead. */
export const AUTO_HANDOFF_CONFIDENCE = 50;

/**
 * An automatic hand-off waits this long after the reply, counting down where the user can see it, so the reply
 * can be read (it flashed by for the time a page takes to load) and the move cancelled.
 */
export const HANDOFF_COUNTDOWN_SECONDS = 5;

/** Tells whether a hand-off can go through (the app's composition knows which pages are built). */
export type RouteAvailability = (route: string) => boolean;

/** A hand-off counting down: to which agent, and the seconds left. */
export type PendingHandoff = { answer: AnalyzeResponse; agent: string; secondsLeft: number };

export function useHandoff(isAvailable: RouteAvailability, onHandedOff?: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingHandoff | null>(null);

  /** Takes the user to the analysis's agent; returns false when the agent is not available. */
  const handOff = useCallback(
    (answer: AnalyzeResponse) => {
      setPending(null);
      const { handoff } = answer;
      if (!handoff) return false;
      const agent = SUGGESTED_AGENT_NAMES[handoff.agent];
      if (!isAvailable(handoff.route)) {
        toast(HANDOFF_TOASTS.notAvailable(agent));
        return false;
      }
      toast(HANDOFF_TOASTS.switching(agent, handoff.route.endsWith('/research')));
      navigate(handoff.href);
      onHandedOff?.();
      return true;
    },
    [isAvailable, navigate, onHandedOff],
  );

  // One second at a time; at zero, the hand-off.
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => {
      if (pending.secondsLeft <= 1) handOff(pending.answer);
      else setPending({ ...pending, secondsLeft: pending.secondsLeft - 1 });
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [pending, handOff]);

  /** The user stays: the answer's own button still opens the agent. */
  const cancelHandoff = useCallback(() => setPending(null), []);

  const onReply = useCallback(
    ({ reply }: SendMessageResponse) => {
      if (reply.command) {
        if (reply.command.refresh) void queryClient.invalidateQueries();
        const to = reply.command.navigateTo;
        if (reply.command.ok && to && isAvailable(to)) navigate(to);
        return;
      }
      const answer = reply.analysis;
      if (!answer) return;
      const { handoff } = answer;
      if (handoff && answer.analysis.confidence >= AUTO_HANDOFF_CONFIDENCE) {
        // An agent that is not there is said at once; one that is, after the countdown.
        if (!isAvailable(handoff.route)) handOff(answer);
        else
          setPending({
            answer,
            agent: SUGGESTED_AGENT_NAMES[handoff.agent],
            secondsLeft: HANDOFF_COUNTDOWN_SECONDS,
          });
      }
      // Last, so that it is the toast left on screen (one at a time): which filters were not applied.
      const skipped = answer.filterValidation.invalidFilters.length;
      if (skipped > 0) toast(skippedFiltersToast(skipped));
    },
    [handOff, isAvailable, navigate, queryClient],
  );

  return { onReply, handOff, pending, cancelHandoff };
}
