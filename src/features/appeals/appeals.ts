// The appeals capability's face for the statement details that compose it (docs/architecture.md): the company's
// 'Подать жалобу' and the head's 'Рассмотреть жалобу', each made by its side's detail store with its reload.
export { type AppealDecision, type AppealDecisionScreen, createAppealDecision } from './stores/decision.ts';
export { type AppealFiling, type AppealFilingScreen, createAppealFiling } from './stores/filing.ts';
export { decisionTexts, filingTexts } from './texts.ts';
