// Hand-written example of the storage figure.
import { example } from '../../openapi/operation';

const fileBytes = 48_213_507;
const messageBytes = 1_284_930;

export const storageUsageExamples = {
  response: {
    usage: example('About 47 MiB used of the default 10 GiB quota', {
      usedBytes: fileBytes + messageBytes,
      quotaBytes: 10 * 1024 ** 3,
      fileBytes,
      messageBytes,
    }),
  },
};
