import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../components/admin/useFeedback.ts';
import { ACCEPTED_IMAGE_TYPES, ImageError, imageFileToDataUrl, type ImageProblem, type ResizeOptions } from './imageResize.ts';
import { useBaseInfoT } from './messages.ts';

const PROBLEM_TEXT: Record<ImageProblem, 'imageType' | 'imageTooLarge' | 'imageUnreadable' | 'imageCannotShrink'> = {
  type: 'imageType',
  tooLarge: 'imageTooLarge',
  unreadable: 'imageUnreadable',
  cannotShrink: 'imageCannotShrink',
};

interface ImageUploadButtonProps {
  label: string;
  resize: ResizeOptions;
  /** The picture, resized, as a data: URL within the limit. */
  onImage(dataUrl: string): void | Promise<unknown>;
  busy?: boolean;
}

/** Chooses a picture and hands it on resized in the browser; problems are explained in a toast. */
export function ImageUploadButton({ label, resize, onImage, busy }: ImageUploadButtonProps) {
  const t = useBaseInfoT();
  const { message } = useFeedback();
  const [processing, setProcessing] = useState(false);
  const take = async (file: File) => {
    setProcessing(true);
    try {
      await onImage(await imageFileToDataUrl(file, resize));
    } catch (error) {
      // Server errors are toasted by the HTTP client; only the picture's own problems are ours to explain.
      if (error instanceof ImageError) void message.error(t(PROBLEM_TEXT[error.problem]));
    } finally {
      setProcessing(false);
    }
  };
  return (
    <Upload
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      showUploadList={false}
      beforeUpload={(file) => {
        void take(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} loading={processing || busy}>
        {processing ? t('processing') : label}
      </Button>
    </Upload>
  );
}
