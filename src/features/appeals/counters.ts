// What the sidebar takes from the appeals: the register's title. Its count comes with the other sidebar counts
// (GET /api/users/me/counters, features/statements/counters.ts), so no page but the register reads the register.
export { registerTexts } from './texts.ts';
