import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $connectionLost, reportApiAnswer, reportConnection, reportStream, STREAM_GRACE_MS } from '../connection.ts';

beforeEach(() => {
  vi.useFakeTimers();
  reportStream(true);
  reportApiAnswer(200);
  reportConnection('browser', true);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the connection banner', () => {
  it('counts a dropped live stream as lost only once it stays down past the grace', () => {
    reportStream(false);
    vi.advanceTimersByTime(STREAM_GRACE_MS - 1);
    expect($connectionLost.get()).toBe(false);
    reportStream(true); // reopened at once: no banner
    vi.advanceTimersByTime(STREAM_GRACE_MS * 2);
    expect($connectionLost.get()).toBe(false);
    reportStream(false);
    vi.advanceTimersByTime(STREAM_GRACE_MS);
    expect($connectionLost.get()).toBe(true);
    reportStream(true);
    expect($connectionLost.get()).toBe(false);
  });

  it('is lost when the API gives no answer or a gateway error, and back with any other answer', () => {
    reportApiAnswer(null);
    expect($connectionLost.get()).toBe(true);
    reportApiAnswer(404);
    expect($connectionLost.get()).toBe(false);
    reportApiAnswer(502);
    expect($connectionLost.get()).toBe(true);
    reportApiAnswer(500); // the API answered, with its own error: the toast says that
    expect($connectionLost.get()).toBe(false);
  });

  it('stays lost until every source is back', () => {
    reportConnection('browser', false);
    reportApiAnswer(null);
    reportApiAnswer(200);
    expect($connectionLost.get()).toBe(true);
    reportConnection('browser', true);
    expect($connectionLost.get()).toBe(false);
  });
});
