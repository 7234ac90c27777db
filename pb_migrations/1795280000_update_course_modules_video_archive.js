/// <reference path="../pb_data/types.d.ts" />
// course_modules.video_archive: earlier chapter videos. Replacing or removing a chapter
// video only changes the reference (the stored file remains); the hook in
// pb_hooks/admin-videos.pb.js moves the old file name here instead of letting PocketBase
// delete the file, so a learner who is mid-chapter keeps streaming the old file under its
// old URL. Hidden: never sent to the browser, and only superusers can change it (the
// artist frees space by removing entries in the admin UI, which deletes those files).
const VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime", "video/ogg", "video/x-m4v", "video/x-matroska"];

migrate(
  (app) => {
    const modules = app.findCollectionByNameOrId("course_modules");
    modules.fields.add(
      new FileField({
        name: "video_archive",
        maxSelect: 99,
        // Filled by the server only (names of files already stored). A 1-byte limit refuses
        // uploads into it and keeps the record API's body limit at 32 MB + the video's 4 GB
        // (apis/middlewares_body_limit.go adds maxSize × maxSelect of every file field).
        maxSize: 1,
        protected: true,
        hidden: true,
        mimeTypes: VIDEO_TYPES,
        thumbs: [],
        help: "Earlier videos of this chapter, kept when a video is replaced or removed (learners who are mid-chapter keep watching them). Filled by the server; remove entries here to delete those files and free space.",
      }),
    );
    const video = modules.fields.getByName("video");
    video.help =
      'Chapter video (mp4, webm, mov, ogg, m4v or mkv, up to 4 GB). Protected: only enrolled learners and admins can fetch it. Upload it on /admin/videos or here; the previous video moves to "video_archive".';
    app.save(modules);
  },
  (app) => {
    const modules = app.findCollectionByNameOrId("course_modules");
    modules.fields.removeByName("video_archive");
    app.save(modules);
  },
);
