import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from '@/components/ui/file-picker';

describe('FilePicker', () => {
  it('says its words, not the browser’s, and shows the chosen file’s name', () => {
    const onFile = vi.fn();
    render(
      <>
        <label htmlFor="photo">选择餐食照片</label>
        <FilePicker id="photo" accept="image/*" chooseLabel="选择文件" noneLabel="未选择文件" onFile={onFile} />
      </>,
    );
    expect(screen.getByText('选择文件')).toBeVisible();
    expect(screen.getByText('未选择文件')).toBeVisible();

    const photo = new File(['x'], 'lunch.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('选择餐食照片'), { target: { files: [photo] } });
    expect(onFile).toHaveBeenCalledWith(photo);
    expect(screen.getByText('lunch.jpg')).toBeVisible();
    expect(screen.queryByText('未选择文件')).toBeNull();
  });
});
