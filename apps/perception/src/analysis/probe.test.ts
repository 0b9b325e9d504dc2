import { describe, expect, it } from 'vitest';
import { parseProbe } from './probe';

describe('parseProbe', () => {
  it('reads duration, fps, size and codec of the video stream', () => {
    expect(
      parseProbe({
        streams: [
          { codec_type: 'audio', codec_name: 'aac' },
          { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, avg_frame_rate: '30000/1001', nb_frames: '1798' },
        ],
        format: { duration: '60.000000', format_name: 'mov,mp4,m4a,3gp,3g2,mj2', start_time: '0.000000' },
      }),
    ).toEqual({ duration_s: 60, start_s: 0, fps: 30000 / 1001, width: 1280, height: 720, codec: 'h264', rotation: 0, frame_count: 1798, format: 'mov,mp4,m4a,3gp,3g2,mj2' });
  });

  it('swaps width and height of a phone video recorded in portrait', () => {
    const probe = parseProbe({ streams: [{ codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }], r_frame_rate: '25/1', avg_frame_rate: '0/0' }], format: {} });
    expect(probe).toMatchObject({ width: 1080, height: 1920, rotation: 270, fps: 25, duration_s: null });
  });

  it('answers null without a real video stream (audio only, or cover art)', () => {
    expect(parseProbe({ streams: [{ codec_type: 'audio' }], format: { duration: '3' } })).toBeNull();
    expect(parseProbe({ streams: [{ codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } }] })).toBeNull();
    expect(parseProbe({})).toBeNull();
  });
});
