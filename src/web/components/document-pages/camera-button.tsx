import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Button from '@mui/material/Button';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Take a photo" on a phone: a file input with `capture` opens the camera (and offers no gallery,
 * hence "Choose files" beside it). `input` lets a page's "Take it again" open the same camera.
 */
export function CameraButton({
  input,
  label,
  disabled,
  onOpen,
  onPhotos,
}: {
  input: RefObject<HTMLInputElement | null>;
  /** What the photo is for, said to screen readers with the button. */
  label: string;
  disabled: boolean;
  onOpen: () => void;
  onPhotos: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const name = t('common.labelValue', { label: t('documentPages.takePhoto'), value: label });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={name}
        onChange={(e) => {
          onPhotos([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Button
        variant="contained"
        size="small"
        startIcon={<PhotoCameraIcon />}
        disabled={disabled}
        aria-label={name}
        onClick={() => {
          onOpen();
          input.current?.click();
        }}
      >
        {t('documentPages.takePhoto')}
      </Button>
    </>
  );
}
