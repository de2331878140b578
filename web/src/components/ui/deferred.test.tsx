import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '@/components/ui/deferred';

describe('AfterFirstPaint', () => {
  it('shows its content once the page has painted, not in the first render', async () => {
    render(
      <AfterFirstPaint>
        <p>Photo recognition</p>
      </AfterFirstPaint>,
    );
    expect(screen.queryByText('Photo recognition')).toBeNull();
    expect(await screen.findByText('Photo recognition')).toBeVisible();
  });
});
