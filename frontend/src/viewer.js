// The interactive viewer for model/gltf-binary artifacts: three.js, its GLTF loader and orbit
// controls, bundled (tree-shaken) into one local file by build.mjs. Exposed as
// window.LonghaulViewer.mount(canvas, url) -> Promise<{triangles}>.
import {
  AmbientLight,
  Box3,
  Color,
  DirectionalLight,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

function frame(camera, controls, object) {
  const box = new Box3().setFromObject(object);
  const size = box.getSize(new Vector3()).length() || 1;
  const center = box.getCenter(new Vector3());
  camera.near = size / 100;
  camera.far = size * 100;
  camera.position.copy(center).add(new Vector3(size * 0.6, size * 0.45, size * 0.8));
  camera.updateProjectionMatrix();
  controls.target.copy(center);
  controls.update();
}

function countTriangles(object) {
  let triangles = 0;
  object.traverse((node) => {
    const geometry = node.isMesh ? node.geometry : null;
    if (!geometry) return;
    const count = geometry.index ? geometry.index.count : geometry.attributes.position.count;
    triangles += count / 3;
  });
  return Math.round(triangles);
}

export function mount(canvas, url, background) {
  const renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  const scene = new Scene();
  scene.background = new Color(background || "#f3f4f6");
  scene.add(new AmbientLight(0xffffff, 1.2));
  const sun = new DirectionalLight(0xffffff, 2.0);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  const camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;

  function resize() {
    const width = canvas.clientWidth || 480;
    const height = canvas.clientHeight || 320;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  }
  function loop() {
    controls.update();
    renderer.render(scene, camera);
    requestAnimationFrame(loop);
  }
  resize();
  window.addEventListener("resize", resize);
  return new GLTFLoader().loadAsync(url).then((gltf) => {
    scene.add(gltf.scene);
    frame(camera, controls, gltf.scene);
    loop();
    return { triangles: countTriangles(gltf.scene) };
  });
}
