// The sidebar's 'Жалобы' count for the committee's head: the open appeals of the register's own store.
export { $openAppeals } from './stores/register.ts';
export { registerTexts } from './texts.ts';
