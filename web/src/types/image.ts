/** SPEC 3 "Uploaded image". */
export type UploadedImage = {
  id: number;
  image_id: number;
  processing_status: 'uploaded' | 'processing' | 'completed' | 'failed' | 'cancelled';
  keywords: string[];
  /** The same foods in Chinese, in the same order (the English name where none is known). */
  keywords_zh: string[];
  /** A food of the photo is a question the person has not answered (it is not a keyword). */
  awaiting_answer: boolean;
  notes: string | null;
  width: number;
  height: number;
  confirmed: boolean;
  meal_id: number | null;
  created_at: string;
};
