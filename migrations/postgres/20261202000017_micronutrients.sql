-- Vitamins, minerals and fats per 100 g (issue 36): the 24 values in the order of
-- models::micronutrients::Micronutrient::ALL, comma-separated, empty when the source does
-- not give one (unknown, never 0), a recipe's partial value followed by "/" and the share
-- of its grams it comes from. Null when none is known: most imported products cost
-- nothing.
alter table food add column micronutrients text;

-- A meal line keeps its food's values as they were when logged, as it does the
-- macronutrients.
alter table meal_food add column micronutrients text;

-- The meal's sums, kept on the meal row so that statistics over long ranges read one row
-- per meal: its grams, each micronutrient's amount, and the grams whose food gave each, as
-- 49 little-endian f32 (models::micronutrients::MicronutrientTotals::to_column): read
-- without parsing. Null for a meal of no grams.
alter table meal add column micronutrient_totals bytea;
