import { describe, expect, it } from 'vitest';
import {
  ageFromDateOfBirth,
  bmiCategory,
  bmiScalePosition,
  bodyMassIndex,
} from '@/features/profile/utils/body';

describe('age', () => {
  const today = new Date(2026, 4, 15); // 15 May 2026, local time

  it('counts full years', () => {
    expect(ageFromDateOfBirth('1990-05-01', today)).toBe(36);
    expect(ageFromDateOfBirth('1990-05-15', today)).toBe(36); // birthday today
    expect(ageFromDateOfBirth('1990-05-16', today)).toBe(35); // birthday tomorrow
    expect(ageFromDateOfBirth('1990-12-31', today)).toBe(35);
    expect(ageFromDateOfBirth('2026-05-15', today)).toBe(0);
  });

  it('is unknown without a valid date in the past', () => {
    expect(ageFromDateOfBirth(null, today)).toBeNull();
    expect(ageFromDateOfBirth('', today)).toBeNull();
    expect(ageFromDateOfBirth('not a date', today)).toBeNull();
    expect(ageFromDateOfBirth('1990-13-01', today)).toBeNull();
    expect(ageFromDateOfBirth('2027-01-01', today)).toBeNull();
  });
});

describe('body mass index', () => {
  it('is weight over height in metres squared, one decimal', () => {
    expect(bodyMassIndex(70, 175)).toBe(22.9);
    expect(bodyMassIndex(80, 180)).toBe(24.7);
    expect(bodyMassIndex(72.5, 168)).toBe(25.7);
    expect(bodyMassIndex(50, 180)).toBe(15.4);
  });

  it('is unknown without a positive height and weight', () => {
    expect(bodyMassIndex(null, 175)).toBeNull();
    expect(bodyMassIndex(70, null)).toBeNull();
    expect(bodyMassIndex(70, 0)).toBeNull();
    expect(bodyMassIndex(-1, 175)).toBeNull();
    expect(bodyMassIndex(Number.NaN, 175)).toBeNull();
  });

  it('falls in the bands under 18.5, under 25, under 30, and over', () => {
    expect(bmiCategory(18.4)).toBe('underweight');
    expect(bmiCategory(18.5)).toBe('normal');
    expect(bmiCategory(24.9)).toBe('normal');
    expect(bmiCategory(25)).toBe('overweight');
    expect(bmiCategory(29.9)).toBe('overweight');
    expect(bmiCategory(30)).toBe('obese');
    expect(bmiCategory(45)).toBe('obese');
  });

  it('places the marker on a 15 to 35 scale, clamped at its ends', () => {
    expect(bmiScalePosition(15)).toBe(0);
    expect(bmiScalePosition(25)).toBe(50);
    expect(bmiScalePosition(22.9)).toBe(39.5);
    expect(bmiScalePosition(35)).toBe(100);
    expect(bmiScalePosition(10)).toBe(0);
    expect(bmiScalePosition(50)).toBe(100);
  });
});
