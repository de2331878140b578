/** SPEC 3 "Uploaded image". */
export type UploadedImage = {
  id: number;
  image_id: number;
  processing_status: 'uploaded' | 'processing' | 'completed' | 'failed' | 'cancelled';
  keywords: string[];
  notes: string | null;
  width: number;
  height: number;
  confirmed: boolean;
  meal_id: number | null;
  created_at: string;
};
