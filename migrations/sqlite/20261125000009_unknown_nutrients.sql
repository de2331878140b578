-- The nutrients a food's source does not give (fibre, sugar, sodium of USDA's survey
-- foods, say), space-separated: shown as unknown, never as 0. Null when all are known.
alter table food add column unknown_nutrients text;

-- Other names people type for a food (西红柿炒鸡蛋 for 番茄炒蛋), '|'-separated; the search
-- index reads them as it reads the food's names.
alter table food add column aliases text;
