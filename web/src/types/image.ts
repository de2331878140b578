import type { components } from '@/types/api.gen';

/** SPEC 3 "Uploaded image". */
export type UploadedImage = components['schemas']['ImageView'];
