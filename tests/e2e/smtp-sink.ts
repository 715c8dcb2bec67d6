// Moved to tests/support/smtp-sink.ts. This re-export only keeps tests/server/helpers.ts working until it imports
// from there; delete it then.
export * from '../support/smtp-sink.ts';
