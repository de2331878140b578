-- Which gate model made each kept embedding: embeddings of two backbones are not comparable,
-- so a photo is compared only with remembered photos of the backbone that reads it now.
-- Those kept before the food-trained backbone (issue 46) are ImageNet's.
alter table photo_memory add column backbone text not null default 'efficientnet-lite0';
