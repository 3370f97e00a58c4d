/**
 * The events timeline over the API (issue 10 point 3): the caller's activity events, newest first, a page at a
 * time, optionally of one type. Shapes: src/shared/events.ts; route in src/server/features/events/routes.ts.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventList, EventType } from '../../../shared/events.ts';
import { apiFetch, notRetriedOnRefusal } from '../../lib/api.ts';

const PAGE = 50;

export const getEvents = (type: EventType | null, cursor: string | null) => {
  const params = new URLSearchParams({ limit: String(PAGE) });
  if (type) params.set('type', type);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<EventList>(`/api/v1/events?${params.toString()}`);
};

export const eventsQueryOptions = (type: EventType | null) =>
  infiniteQueryOptions({
    queryKey: ['events', type ?? 'all'],
    queryFn: ({ pageParam }) => getEvents(type, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The timeline, with the next (older) page on request. */
export const useEvents = (type: EventType | null) =>
  useInfiniteQuery({ ...eventsQueryOptions(type), retry: notRetriedOnRefusal });
