/** Where the skip link (App.tsx) takes the keyboard: a list's results (the table or its cards), else the page's content. */
export const RESULTS_ID = 'list-results';
export const MAIN_ID = 'main';
