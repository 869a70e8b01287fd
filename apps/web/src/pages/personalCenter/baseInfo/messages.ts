import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

/** Texts of personalCenter/baseInfo, in their own namespace. */
const NAMESPACE = 'baseInfo';

const enUS = {
  profile: 'Profile',
  edit: 'Edit profile',
  username: 'Username',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  organisation: 'Organisation',
  description: 'About me',
  memberSince: 'Member since',
  none: 'Not set',
  avatar: 'Avatar',
  avatarOf: 'Avatar of {{name}}',
  uploadAvatar: 'Upload a picture',
  removeAvatar: 'Remove the picture',
  avatarHint: 'PNG, JPEG, GIF or WebP. It is resized in your browser before it is saved.',
  processing: 'Preparing the picture…',
  saved: 'Your profile is saved.',
  signature: 'Signature',
  signatureOf: 'Handwritten signature of {{name}}',
  noSignature: 'You have no signature yet.',
  uploadSignature: 'Upload a signature',
  replaceSignature: 'Replace the signature',
  signatureHint: 'A picture of your handwritten signature; a transparent PNG looks best.',
  signatureSaved: 'Your signature is saved.',
  loadFailed: 'Your profile could not be loaded.',
  retry: 'Retry',
  imageType: 'Choose a PNG, JPEG, GIF or WebP picture.',
  imageTooLarge: 'This picture is too large to use (at most 30 MB).',
  imageUnreadable: 'This file could not be read as a picture.',
  imageCannotShrink: 'This picture could not be made small enough to save.',
};

const zhCN: typeof enUS = {
  profile: '个人资料',
  edit: '编辑资料',
  username: '用户名',
  name: '姓名',
  email: '邮箱',
  phone: '手机号',
  organisation: '所属组织',
  description: '个人简介',
  memberSince: '注册时间',
  none: '未设置',
  avatar: '头像',
  avatarOf: '{{name}} 的头像',
  uploadAvatar: '上传图片',
  removeAvatar: '移除图片',
  avatarHint: '支持 PNG、JPEG、GIF、WebP，保存前会在浏览器中缩小。',
  processing: '正在处理图片…',
  saved: '个人资料已保存。',
  signature: '签名',
  signatureOf: '{{name}} 的手写签名',
  noSignature: '您还没有签名。',
  uploadSignature: '上传签名',
  replaceSignature: '更换签名',
  signatureHint: '手写签名的图片，透明背景的 PNG 效果最好。',
  signatureSaved: '签名已保存。',
  loadFailed: '个人资料加载失败。',
  retry: '重试',
  imageType: '请选择 PNG、JPEG、GIF 或 WebP 图片。',
  imageTooLarge: '图片过大，无法使用（最大 30 MB）。',
  imageUnreadable: '无法将此文件识别为图片。',
  imageCannotShrink: '图片无法压缩到可保存的大小。',
};

i18n.addResourceBundle('en-US', NAMESPACE, enUS, true, false);
i18n.addResourceBundle('zh-CN', NAMESPACE, zhCN, true, false);

export const useBaseInfoT = () => useTranslation(NAMESPACE).t;
