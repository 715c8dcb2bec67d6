// What the sidebar takes from the conclusions: the link to 'Запросы на заключение' with its open and overdue counts.
export { $requestsLink } from './stores/requests.ts';
export { requestsTexts } from './texts.ts';
