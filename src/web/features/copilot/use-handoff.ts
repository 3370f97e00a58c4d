/**
 * What happens after the copilot answered (spec 3 §7-§8): invalid filters are reported ('Filter Validation'),
 * the user is taken to the agent with the validated filters ('Switching Agents'), or told that the agent is not
 * there yet ('Agent Not Available'); a command opens a page or reloads the data it changed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/** Tells whether a hand-off can go through (the app's composition knows which pages are built). */
export type RouteAvailability = (route: string) => boolean;

export function useHandoff(isAvailable: RouteAvailability) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /** Takes the user to the analysis's agent; returns false when the agent is not available. */
  const handOff = useCallback(
    (answer: AnalyzeResponse) => {
      const { handoff } = answer;
      if (!handoff) return false;
      const agent = SUGGESTED_AGENT_NAMES[handoff.agent];
      if (!isAvailable(handoff.route)) {
        toast(HANDOFF_TOASTS.notAvailable(agent));
        return false;
      }
      toast(HANDOFF_TOASTS.switching(agent, handoff.route.endsWith('/research')));
      navigate(handoff.href);
      return true;
    },
    [isAvailable, navigate],
  );

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
      if (answer.analysis.confidence >= AUTO_HANDOFF_CONFIDENCE) handOff(answer);
      // Last, so that it is the toast left on screen (one at a time): which filters were not applied.
      const skipped = answer.filterValidation.invalidFilters.length;
      if (skipped > 0) toast(skippedFiltersToast(skipped));
    },
    [handOff, isAvailable, navigate, queryClient],
  );

  return { onReply, handOff };
}
