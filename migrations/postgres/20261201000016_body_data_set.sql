-- Whether the person has saved body data: until then gender, height and weight are the
-- defaults, which the app says are not set yet. Accounts from before whose body data
-- differs from the defaults, or that gave a date of birth, have clearly saved theirs.
alter table app_user add column body_data_set boolean not null default false;
update app_user set body_data_set = true
where date_of_birth is not null or gender <> 'male' or height <> 175 or weight <> 70;
