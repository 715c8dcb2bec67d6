// The live streams this API process holds, by the login they were opened in: a logout ends its own at once (streams on
// other processes notice at their next heartbeat, events/index route).

export interface LiveStreams {
  /** Keeps `end` for the login `session`; the answer forgets it (call it when the stream ends anyway). */
  add(session: string, end: () => void): () => void;
  /** Ends every stream of the login `session` on this process. */
  endSession(session: string): void;
}

export function createLiveStreams(): LiveStreams {
  const bySession = new Map<string, Set<() => void>>();
  return {
    add(session, end) {
      const ends = bySession.get(session) ?? new Set();
      ends.add(end);
      bySession.set(session, ends);
      return () => {
        ends.delete(end);
        if (ends.size === 0) bySession.delete(session);
      };
    },
    endSession(session) {
      for (const end of [...(bySession.get(session) ?? [])]) end();
    },
  };
}
