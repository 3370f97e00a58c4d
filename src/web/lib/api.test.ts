import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, eventError, notRetriedOnRefusal } from './api.ts';

describe('errorMessage', () => {
  it("reads our error shape, Better Auth's, or a bare string", async () => {
    const table: [unknown, { message: string; code: string | null; details?: unknown }][] = [
      [
        {
          error: {
            code: 'INSUFFICIENT_CREDITS',
            message: 'Not enough credits',
            details: { required: 5, available: 2 },
          },
        },
        {
          message: 'Not enough credits',
          code: 'INSUFFICIENT_CREDITS',
          details: { required: 5, available: 2 },
        },
      ],
      [
        { error: { message: 'Prospect not found' } },
        { message: 'Prospect not found', code: null, details: undefined },
      ],
      [
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' },
      ],
      [{ error: 'Too many requests' }, { message: 'Too many requests', code: null }],
      // A nested error without a message gives way to the outer one.
      [
        { error: { code: 'X' }, message: 'Outer' },
        { message: 'Outer', code: null },
      ],
    ];
    for (const [body, info] of table) {
      expect(await errorMessage(Response.json(body, { status: 400 })), JSON.stringify(body)).toEqual(info);
    }
  });

  it("says spec 1's 'Unexpected error.' when the body carries no message", async () => {
    const bodies = [
      '<html>502 Bad Gateway</html>',
      '',
      'null',
      '[]',
      '{"error":{"message":""}}',
      '{"message":42}',
    ];
    for (const body of bodies) {
      expect(await errorMessage(new Response(body, { status: 502 })), body).toEqual({
        message: 'Unexpected error.',
        code: null,
      });
    }
  });
});

describe('eventError', () => {
  it("keeps a lack of credits a 402 and counts anything else as the server's failure", () => {
    const refused = eventError(
      JSON.stringify({
        error: {
          code: 'INSUFFICIENT_CREDITS',
          message: 'Required: 5, Available: 2',
          details: { required: 5 },
        },
      }),
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect([refused.status, refused.code, refused.message, refused.details]).toEqual([
      402,
      'INSUFFICIENT_CREDITS',
      'Required: 5, Available: 2',
      { required: 5 },
    ]);
    const broken = eventError(
      JSON.stringify({ error: { code: 'AI_UNAVAILABLE', message: 'The AI is down' } }),
    );
    expect([broken.status, broken.code, broken.message]).toEqual([500, 'AI_UNAVAILABLE', 'The AI is down']);
    const garbled = eventError('data: not json');
    expect([garbled.status, garbled.code, garbled.message]).toEqual([500, null, 'Unexpected error.']);
  });
});

describe('notRetriedOnRefusal', () => {
  it('retries a network or server failure once and a refusal never', () => {
    const table: [number, unknown, boolean][] = [
      [0, new TypeError('Failed to fetch'), true],
      [0, new ApiError('Bad gateway', 502, null), true],
      [1, new ApiError('Bad gateway', 502, null), false],
      [0, new ApiError('Not enough credits', 402, 'INSUFFICIENT_CREDITS'), false],
      [0, new ApiError('Not found', 404, null), false],
      [0, new ApiError('Too many requests', 429, null), false],
      // An upload the server cut off (status 0, most likely too large) is not sent again either.
      [0, new ApiError('The file could not be sent.', 0, null), false],
    ];
    for (const [failures, error, retried] of table) {
      expect(notRetriedOnRefusal(failures, error), `${failures} ${String(error)}`).toBe(retried);
    }
  });
});
