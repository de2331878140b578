/**
 * Below 960 px the search page has no room for the basket beside the results (foods.css),
 * so the basket is a bottom sheet there; below 900 px the app is laid out for a phone.
 */
export const PHONE_QUERY = '(max-width: 959px)';
