-- Goals beyond calories: the activity level behind a suggested calorie goal, and macro
-- goals in grams or in percent of the calorie goal (all three or none).
alter table app_user add column activity_level text;
alter table app_user add column macro_goal_unit text;
alter table app_user add column protein_goal double precision;
alter table app_user add column fat_goal double precision;
alter table app_user add column carbs_goal double precision;
