-- What each account's name and address are drawn as (Unicode TR39 skeletons over its full
-- confusables table; models::user): the name's small letters and its capitals, and the
-- address. Each is unique, so two accounts never look alike, whichever came first and
-- however close together they are made. Accounts made before are keyed by the API at
-- start (UserStore::key_skeletons), which reports any that look alike.
alter table app_user add column username_skeleton text;
alter table app_user add column username_capitals_skeleton text;
alter table app_user add column email_skeleton text;
create unique index app_user_username_skeleton on app_user (username_skeleton);
create unique index app_user_username_capitals_skeleton on app_user (username_capitals_skeleton);
create unique index app_user_email_skeleton on app_user (email_skeleton);
