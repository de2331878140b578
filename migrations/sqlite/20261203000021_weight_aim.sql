-- The weight change a person aims at, kg a week (negative to lose): the energy-expenditure
-- estimate suggests the goal that follows it. Null until chosen (keep the weight).
alter table app_user add column weight_aim_kg_per_week real;
