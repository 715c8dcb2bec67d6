// The pieces of the statement detail that the capabilities it composes draw inside it the same way (the appeals'
// block): a titled block, a file list, a term's line and tag, the head's examiner picker.
export { DetailBlock, StageFiles } from './components/detail/StatementParts.tsx';
export { DeadlineMark, TermNote } from './components/StatementTimeline.tsx';
